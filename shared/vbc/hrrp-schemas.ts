import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { CellSchema, ConditionSchema } from './hrrp-rows';

export const HRRP_METHODOLOGY =
  'HRRP (CMS Hospital Readmissions Reduction Program) covers subsection (d) acute-care hospitals; Maryland hospitals and hospitals closed before the public-reporting cut-off are not in the files. The payment adjustment factor comes from the IPPS final-rule HRRP supplemental file of the fiscal year in force (1 October to 30 September) and applies to base operating DRG payments of that fiscal year; payment_reduction_pct = (1 - factor) x 100, between 0 and 3. Excess readmission ratios, predicted and expected rates (percent) and counts come from the HRRP hospital file of the same fiscal year, measured over a performance period about two to four years earlier (start_date/end_date). CMS suppresses counts under 11 ("Too Few to Report") and prints N/A where a measure has no result; both stay explicit (status), never zero.';

const nullableSource = RowSourceSchema.nullable();

export const HrrpHospitalSchema = z
  .object({
    ccn: z
      .string()
      .openapi({ description: 'CMS Certification Number, 6 characters with leading zeros.', example: '010001' }),
    facility_name: z
      .string()
      .nullable()
      .openapi({ description: 'From the hospital file; null when only the supplemental file lists the CCN.' }),
    state: z
      .string()
      .nullable()
      .openapi({ description: "The hospital file's State; null when only the supplemental file lists the CCN." }),
    penalized: z.boolean().nullable().openapi({
      description: 'payment adjustment factor below 1; null when the supplemental file does not list the hospital.',
    }),
    payment_adjustment_factor: z.number().nullable(),
    payment_reduction_pct: z
      .number()
      .nullable()
      .openapi({ description: '(1 - payment_adjustment_factor) x 100, in percent (0 to 3).', example: 1.37 }),
    sources: z.object({ hospital_file: nullableSource, supplemental: nullableSource }).openapi({
      description: 'The rows this hospital was read from; the two files are joined by CCN (identifier), never by name.',
    }),
  })
  .openapi('HrrpHospital');

export const HrrpListSchema = z
  .object({
    items: z.array(HrrpHospitalSchema),
    total: z.number().int().openapi({ description: 'Hospitals matching the filters.' }),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('HrrpList');

export const HrrpConditionPaymentSchema = z
  .object({
    condition: ConditionSchema,
    eligible_discharges: CellSchema,
    excess_readmission_ratio: CellSchema,
    peer_group_median_err: CellSchema,
    penalty_indicator: z
      .boolean()
      .nullable()
      .openapi({ description: "The file's Y/N: the condition's ERR is above its peer group median." }),
    drg_payment_ratio: CellSchema,
  })
  .openapi('HrrpConditionPayment');

export const HrrpHospitalDetailSchema = HrrpHospitalSchema.extend({
  dual_proportion_pct: z
    .number()
    .nullable()
    .openapi({ description: 'Share of stays of dually eligible patients, in percent (the file prints a proportion).' }),
  peer_group: z.number().int().nullable(),
  neutrality_modifier: z.number().nullable(),
  conditions_penalized: z.array(ConditionSchema).openapi({ description: 'Conditions whose penalty indicator is Y.' }),
  supplemental_conditions: z.array(HrrpConditionPaymentSchema),
  source_row: z
    .object({
      supplemental: z.record(z.string(), z.string()).nullable(),
    })
    .openapi({ description: 'The supplemental row as published (the hospital file rows are under /measures).' }),
  ...answerProvenanceFields,
}).openapi('HrrpHospitalDetail');

export const HrrpMeasureSchema = z
  .object({
    condition: ConditionSchema.nullable(),
    measure_name: z.string().openapi({ example: 'READM-30-HF-HRRP' }),
    number_of_discharges: CellSchema,
    footnote: z.string().nullable().openapi({ description: 'CMS footnote code as published.' }),
    excess_readmission_ratio: CellSchema,
    predicted_readmission_rate_pct: CellSchema,
    expected_readmission_rate_pct: CellSchema,
    number_of_readmissions: CellSchema,
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    source_row: z.record(z.string(), z.string()).openapi({ description: 'The published row as-is.' }),
    source: RowSourceSchema,
    payment: HrrpConditionPaymentSchema.nullable().openapi({
      description: "The supplemental file's columns for the same condition (joined by CCN and condition), or null.",
    }),
  })
  .openapi('HrrpMeasure');

export const HrrpMeasuresSchema = z
  .object({
    ccn: z.string(),
    facility_name: z.string().nullable(),
    state: z.string().nullable(),
    measures: z.array(HrrpMeasureSchema),
    ...answerProvenanceFields,
  })
  .openapi('HrrpMeasures');

export type HrrpHospital = z.infer<typeof HrrpHospitalSchema>;
export type HrrpList = z.infer<typeof HrrpListSchema>;
export type HrrpHospitalDetail = z.infer<typeof HrrpHospitalDetailSchema>;
export type HrrpMeasures = z.infer<typeof HrrpMeasuresSchema>;
