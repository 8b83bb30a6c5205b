import * as z from 'zod'
import { RuntimeStatisticsSchema } from './runtime-statistics.js'
import { lazySchema } from '../lazy-schema.js'

/** Outcomes of comparing a QA result with the reference one. */
export const RegressionAnalysisStatus = Object.freeze({
  NO_RESULT: 'no-result',
  ERROR: 'error',
  IMPROVEMENT: 'improvement',
  STABLE: 'stable',
  REGRESSION: 'regression',
} as const)
/** A regression analysis status. */
export type RegressionAnalysisStatus =
  (typeof RegressionAnalysisStatus)[keyof typeof RegressionAnalysisStatus]

/** An error a task reports: a message and a machine-readable code. */
export const OutputDataErrorSchema = lazySchema(() =>
  z.strictObject({
    message: z.string(),
    code: z.string(),
  }),
)
/** An error a task reports. */
export type OutputDataError = z.infer<typeof OutputDataErrorSchema>

/** The comparison of one QA result between the original and the new source version. */
export const RegressionAnalysisSchema = lazySchema(() =>
  z.strictObject({
    original_source_version: z.string().nullable().optional(),
    original_artifact_id: z.int().positive().nullable().optional(),
    new_source_version: z.string().nullable().optional(),
    new_artifact_id: z.int().positive().nullable().optional(),
    status: z.enum(RegressionAnalysisStatus),
    details: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .nullable()
      .optional(),
  }),
)
/** The comparison of one QA result. */
export type RegressionAnalysis = z.infer<typeof RegressionAnalysisSchema>

/** A reviewer's answer to a confirmation task. */
export const ConfirmationSchema = lazySchema(() =>
  z.strictObject({
    confirmed: z.boolean(),
    comment: z.string().nullable().optional(),
  }),
)
/** A reviewer's answer to a confirmation task. */
export type Confirmation = z.infer<typeof ConfirmationSchema>

/**
 * What a task reports when its work request completes (`output_data`). Unknown keys are
 * refused; send only the fields that are set.
 *
 * @example
 * parseModel('OutputData', OutputDataSchema, { runtime_statistics: { duration: 12 }, skip_reason: 'up to date' })
 */
export const OutputDataSchema = lazySchema(() =>
  z.strictObject({
    runtime_statistics: RuntimeStatisticsSchema.optional(),
    errors: z.array(OutputDataErrorSchema).optional(),
    skip_reason: z.string().optional(),
    regression_analysis: z.record(z.string(), RegressionAnalysisSchema).optional(),
    confirmation: ConfirmationSchema.optional(),
  }),
)
/** What a task reports when its work request completes. */
export type OutputData = z.infer<typeof OutputDataSchema>
