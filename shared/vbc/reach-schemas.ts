import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';

export const REACH_METHODOLOGY =
  "ACO REACH results as CMS publishes them in the ACO REACH Financial and Quality Results PUF, one row per entity and performance year, before final settlement adjustments CMS may still make. The GPDC model's PY2021-PY2022 rows are the same file family and are served with model = gpdc (GPDC was renamed ACO REACH from PY2023). Money is in dollars as published; every rate (discount, retention withhold, savings rate, quality score) is in percent whatever the file printed (proportions are multiplied by 100); the published row is in source_row. gross_savings is benchmark minus spending before risk sharing; losses = spending above the benchmark; shared_savings is what the risk arrangement (Global: 100%, Professional: 50%) leaves the entity, negative for shared losses. Quality scores changed meaning: pay for reporting in the GPDC years, pay for performance from PY2023 (qual_score_note). Provider lists are the participant and preferred providers of the performance year as CMS lists them; NPI, TIN and CCN are given where the published value is one (else null; the published value stays in source_row). A performance year is in force from its file's release; a republished year replaces the earlier file of that year.";

const counts = z
  .object({
    participant: z.number().int(),
    preferred: z.number().int(),
  })
  .openapi('ReachProviderCounts', {
    description: "Providers of the entity's list of the performance year, by type (computed when the list loaded).",
  });

export const ReachEntitySchema = z
  .object({
    performance_year: z.number().int(),
    model: z.enum(['gpdc', 'aco_reach']).openapi({
      description: 'gpdc through PY2022 (Global and Professional Direct Contracting), aco_reach from PY2023.',
    }),
    entity_id: z
      .string()
      .openapi({ description: "CMS's entity id (D and four digits), kept from GPDC into ACO REACH." }),
    entity_name: z.string(),
    entity_type: z.string().nullable().openapi({ description: 'standard, new_entrant or high_needs.' }),
    entity_type_published: z.string().nullable(),
    first_performance_year: z.number().int().nullable(),
    risk_arrangement: z.string().nullable().openapi({ description: 'global or professional.' }),
    risk_arrangement_published: z.string().nullable(),
    stop_loss_election: z.string().nullable(),
    capitation_arrangement: z.string().nullable(),
    enhanced_pcc_election: z.string().nullable(),
    apo_election: z.string().nullable(),
    alignment_plus: z.string().nullable(),
    discount_pct: z.number().nullable(),
    retention_withhold_pct: z.number().nullable(),
    unadjusted_benchmark: z.number().nullable(),
    final_benchmark: z.number().nullable(),
    savings_rate_pct: z.number().nullable(),
    total_cost_of_care: z.number().nullable(),
    total_cost_of_care_net: z.number().nullable(),
    gross_savings: z.number().nullable(),
    losses: z.number().nullable(),
    shared_savings: z.number().nullable(),
    shared_savings_after_sequestration: z.number().nullable(),
    capitation_payments: z.number().nullable(),
    enhanced_pcc_payments: z.number().nullable(),
    claims_payments: z.number().nullable(),
    quality_score_pct: z.number().nullable(),
    quality_score_published: z.string().nullable(),
    qual_score_note: z.string(),
    provider_counts: counts
      .nullable()
      .openapi({ description: 'null when no provider list of that performance year is in force.' }),
    layout: z.string().openapi({ description: 'The column map the row was read with (family@version).' }),
    source_row: z.record(z.string(), z.string()).openapi({ description: 'The published row as-is, by header name.' }),
    source: RowSourceSchema,
  })
  .openapi('ReachEntity');

export const ReachListSchema = z
  .object({
    performance_year: z.number().int().openapi({ description: 'The performance year listed.' }),
    performance_years: z
      .array(z.number().int())
      .openapi({ description: 'Every performance year whose results are in force on the date, oldest first.' }),
    items: z.array(ReachEntitySchema),
    total: z.number().int(),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('ReachList');

export const ReachProviderSchema = z
  .object({
    provider_type: z.enum(['participant', 'preferred']),
    provider_type_published: z.string(),
    provider_name: z.string(),
    npi: z.string().nullable(),
    tin: z.string().nullable(),
    ccn: z.string().nullable(),
    state: z.string().nullable(),
    layout: z.string(),
    source_row: z.record(z.string(), z.string()),
    source: RowSourceSchema,
  })
  .openapi('ReachProvider');

export const ReachEntityDetailSchema = z
  .object({
    entity_id: z.string(),
    entity_name: z.string().openapi({ description: "The results row's name, else the provider list's." }),
    performance_year: z.number().int(),
    performance_years: z.array(z.number().int()).openapi({
      description: 'Every performance year the entity appears in (results or provider list) on the date, oldest first.',
    }),
    results: ReachEntitySchema.nullable().openapi({
      description: 'The financial and quality results of the year; null when that year is not released by the date.',
    }),
    providers: z.array(ReachProviderSchema),
    provider_total: z
      .number()
      .int()
      .openapi({ description: 'Providers of the list (of the type asked, if any), whatever the page.' }),
    provider_limit: z.number().int(),
    provider_offset: z.number().int(),
    provider_next_offset: z.number().int().nullable(),
    provider_counts: counts.nullable(),
    ...answerProvenanceFields,
  })
  .openapi('ReachEntityDetail');

export type ReachEntity = z.infer<typeof ReachEntitySchema>;
export type ReachList = z.infer<typeof ReachListSchema>;
export type ReachProvider = z.infer<typeof ReachProviderSchema>;
export type ReachEntityDetail = z.infer<typeof ReachEntityDetailSchema>;
