import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { MAX_OFFSET } from '../http/paging';
import { SIGNAL_CATEGORIES } from './signal-rows';

export const SYSTEM_TIE_RULE =
  'A signal counts for a health system when its facility match is `matched` (one hospital clearly wins: confidence at least 0.8, the runner-up at least 0.1 below) and the AHRQ Compendium hospital linkage in force on the date lists that CCN under exactly one system. Ambiguous, unmatched and not-attempted matches are not counted for any system, nor are hospitals the linkage lists in no system, does not list, or lists under two systems (counted in `coverage`). Each signal counts once, for the one system of its one matched hospital; its value is the declared value of that signal (merged duplicate filings counted once).';

const value = z
  .number()
  .nullable()
  .openapi({ description: 'Sum of declared values in dollars (signals without one skipped); null when none has one.' });

export const SystemCategorySchema = z
  .object({ category: z.enum(SIGNAL_CATEGORIES), signals: z.number().int(), value_usd: value })
  .openapi('SystemSignalCategory');

export const SystemHospitalSchema = z
  .object({
    ccn: z.string(),
    hospital_name: z.string().openapi({ description: 'As the Compendium linkage names it.' }),
    signals: z.number().int(),
    value_usd: value,
  })
  .openapi('SystemSignalHospital');

export const SystemProfileSchema = z
  .object({
    hospitals: z.number().int().nullable().openapi({ description: '`hosp_cnt` of the Compendium system file.' }),
    acute_hospitals: z.number().int().nullable().openapi({ description: '`acutehosp_cnt`.' }),
    physicians: z.number().int().nullable().openapi({ description: '`total_mds`.' }),
    beds: z.number().int().nullable().openapi({ description: '`sys_beds`.' }),
    reference: RowSourceSchema,
  })
  .openapi('SystemFileProfile');

export const SystemSignalsSchema = z
  .object({
    health_sys_id: z.string().openapi({ example: 'HSI00000101' }),
    health_sys_name: z.string().nullable(),
    health_sys_city: z.string().nullable().openapi({ description: 'Home office city.' }),
    health_sys_state: z.string().nullable().openapi({ description: 'Home office state.' }),
    signals: z.number().int(),
    value_usd: value,
    signals_without_value: z.number().int(),
    categories: z.array(SystemCategorySchema).openapi({ description: 'Per category with signals, in category order.' }),
    hospitals: z
      .array(SystemHospitalSchema)
      .openapi({ description: 'The system hospitals the signals matched, largest value first, then CCN.' }),
    profile: SystemProfileSchema.nullable().openapi({
      description:
        'The system file row of the same Compendium (null when no system file is in force, or it lacks the system).',
    }),
  })
  .openapi('HealthSystemSignals');
export type SystemSignals = z.infer<typeof SystemSignalsSchema>;

export const SystemCoverageSchema = z
  .object({
    signals: z.number().int().openapi({ description: 'Signals in force in scope (state, category).' }),
    counted: z.number().int().openapi({ description: 'Signals counted for a system.' }),
    matched_not_in_system: z.number().int().openapi({ description: 'Matched hospital listed in no system.' }),
    matched_not_in_linkage: z.number().int().openapi({ description: 'Matched CCN the linkage does not list.' }),
    matched_several_systems: z
      .number()
      .int()
      .openapi({ description: 'Matched CCN listed under two systems (not counted).' }),
    ambiguous: z.number().int(),
    unmatched: z.number().int(),
    not_attempted: z.number().int().openapi({ description: 'No facility reference in force: nothing matched.' }),
  })
  .openapi('SystemSignalCoverage');

export const SystemSignalsListSchema = z
  .object({
    items: z.array(SystemSignalsSchema),
    total: z.number().int().openapi({ description: 'Systems with at least one counted signal in scope.' }),
    limit: z.number().int(),
    offset: z.number().int().nullable().openapi({ description: 'Null when the page was asked by `cursor`.' }),
    next_offset: z
      .number()
      .int()
      .nullable()
      .openapi({
        description: `Offset of the next page; null at the end, on cursor pages and past offset ${MAX_OFFSET}.`,
      }),
    next: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    sort: z.enum(['value', 'signals']),
    tie_rule: z.string(),
    coverage: SystemCoverageSchema,
    ...answerProvenanceFields,
  })
  .openapi('HealthSystemSignalsList');
export type SystemSignalsList = z.infer<typeof SystemSignalsListSchema>;
