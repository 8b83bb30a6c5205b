import { isJsonObject } from '../http/exchange.js'
import {
  enumField,
  intField,
  optional,
  stringField,
  unionField,
  validateModel,
  type StrictModel,
} from './pydantic.js'
import { validationErrorMap, validationErrorText } from './pydantic.js'
import { pythonRepr, pythonType } from './python-repr.js'

const lookupSingle = unionField({ int: intField, str: stringField })

/** `BaseTaskDataWithExecutor`'s fields (0.16.2, debusine/tasks/models.py). */
const EXECUTOR_FIELDS = {
  task_configuration: optional(lookupSingle),
  backend: enumField(['auto', 'unshare', 'incus-lxc', 'incus-vm', 'qemu']),
  environment: optional(lookupSingle),
  build_architecture: optional(stringField),
}

/**
 * The task data models of the tasks the fake validates, by task name, as the 0.16.2 server
 * declares them. The data of other tasks is taken as given.
 */
export const TASK_DATA_MODELS: Readonly<Record<string, StrictModel>> = {
  noop: {
    name: 'NoopData',
    fields: {
      ...EXECUTOR_FIELDS,
      result: enumField(['', 'success', 'failure', 'temporary failure', 'error', 'skipped']),
    },
  },
}

/** Why the server refuses task data: the `detail` and `validation_errors` of its 400. */
export interface TaskDataRefusal {
  detail: string
  validationErrors?: Record<string, string[]>
}

/**
 * The server's refusal of `data` as the task data of `taskName`, or null when it takes it
 * (or the fake does not model the task). `data` is not null: the serializer refuses that first.
 */
export function refuseTaskData(taskName: string, data: unknown): TaskDataRefusal | null {
  const model = TASK_DATA_MODELS[taskName]
  if (model == null) return null
  const shown = typeof data === 'string' ? data : pythonRepr(data)
  if (!isJsonObject(data)) {
    const kind = pythonType(data)
    const reason = `TypeError('debusine.tasks.models.${model.name}() argument after ** must be a mapping, not ${kind}')`
    return { detail: `Task data: ${shown} Error: ${reason}` }
  }
  const errors = validateModel(model, data)
  if (errors.length === 0) return null
  return {
    detail: `Task data: ${shown} Error: ${validationErrorText(model, errors)}`,
    validationErrors: validationErrorMap(errors),
  }
}
