import * as z from 'zod'
import { defineModel } from '../model.js'
import { JsonObjectSchema } from './json-object.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * The body of `POST /workflow/`: start a workflow from the template `template_name`, or
 * (0.14.9+, workspace owners) directly from the workflow task `task_name`. Exactly one of
 * the two must be non-empty. `task_data` is laid over the template's static parameters.
 * Unknown fields are rejected.
 *
 * @example
 * CreateWorkflowRequestModel.create({ template_name: 'sbuild', task_data: { input: { source_artifact: 7 } } })
 */
export const CreateWorkflowRequestSchema = lazySchema(() =>
  z
    .strictObject({
      template_name: z.string().default(''),
      task_name: z.string().default(''),
      workspace: z.string().nullable().default(null),
      task_data: JsonObjectSchema,
    })
    .superRefine((value, context) => {
      const names = [value.template_name, value.task_name].filter((name) => name !== '')
      if (names.length !== 1) {
        context.addIssue({
          code: 'custom',
          path: ['template_name'],
          message: `exactly one of template_name and task_name must be non-empty (${names.length === 0 ? 'neither is' : 'both are'})`,
        })
      }
    }),
)
/** The body that starts a workflow. */
export type CreateWorkflowRequest = z.infer<typeof CreateWorkflowRequestSchema>
/** Build and update validated {@link CreateWorkflowRequest} values. */
export const CreateWorkflowRequestModel = defineModel('CreateWorkflowRequest', CreateWorkflowRequestSchema)
