import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';

export const MSSP_METHODOLOGY =
  "MSSP (Medicare Shared Savings Program) ACO results as CMS publishes them per performance year (PY2013 on), one row per ACO. Money is in dollars as published. Every rate (savings rate, minimum savings rate, quality score, final sharing rate) is in percent whatever the year printed (a percentage or a proportion); the column each came from is in source_row, the published row as-is. losses = spending above the benchmark (benchmark minus expenditures, when negative), whether or not the ACO owed any; owed_losses is what a two-sided ACO owed. Quality scores changed meaning over the years (qual_score_note): pay-for-reporting rows have no score (null). The files published before July 2019 (PY2013 to PY2016) carry CMS's encrypted ACO number instead of the ACO ID: those rows are linked to the ID through CMS's ACO ID Crosswalk (link.method crosswalk), and by name when no crosswalk in force lists the number. The announcement files of PY2014 and PY2015 publish no identifier at all: those rows are linked to an ID by name, with the match and its confidence shown, never silently. A performance year is in force from its file's release; a republished year replaces the earlier file of that year.";

export const AcoLinkSchema = z
  .object({
    method: z.enum(['aco_id', 'crosswalk', 'name', 'none']).openapi({
      description:
        "`aco_id`: the file carries the ID; `crosswalk`: the file (PY2013 to PY2016, published before July 2019) carries CMS's encrypted ACO number, which CMS's ACO ID Crosswalk in force maps to the ID; `name`: linked by the compared name to the only ID that name has in any year in force (files with neither identifier, or a number the crosswalk lacks); `none`: no ID (no or several candidates).",
    }),
    confidence: z.number().openapi({
      description:
        '1 for an ID or a crosswalk entry; 1 for the identical name, 0.9 for the same compared name; 0 when not linked.',
    }),
    matched_name: z.string().nullable(),
    matched_year: z.number().int().nullable(),
    candidates: z
      .array(z.string())
      .openapi({ description: 'IDs the name matches when it matches several (not linked).' }),
  })
  .openapi('MsspAcoLink');

export const MsspResultSchema = z
  .object({
    performance_year: z.number().int(),
    aco_id: z.string().nullable().openapi({ description: "CMS's ACO ID: the file's, or the linked one (see link)." }),
    aco_num: z.string().nullable().openapi({
      description:
        "CMS's encrypted ACO number as the file published it (`A67373`: the PUFs published before July 2019, PY2013 on); null in files without it.",
    }),
    aco_name: z.string(),
    link: AcoLinkSchema,
    states: z.array(z.string()),
    track: z
      .string()
      .nullable()
      .openapi({ description: 'track_1, track_1_plus, track_2, track_3, basic_a..basic_e, enhanced.' }),
    track_published: z.string().nullable(),
    agreement_start_date: z.string().nullable(),
    assigned_beneficiaries: z.number().nullable(),
    total_benchmark_expenditures: z.number().nullable(),
    total_expenditures: z.number().nullable(),
    benchmark_minus_expenditures: z.number().nullable(),
    losses: z.number().nullable(),
    savings_rate_pct: z.number().nullable(),
    min_savings_rate_pct: z.number().nullable(),
    generated_savings_losses: z.number().nullable(),
    earned_savings_losses: z.number().nullable(),
    owed_losses: z.number().nullable(),
    met_quality_standard: z.boolean().nullable(),
    quality_score_pct: z.number().nullable(),
    quality_score_published: z.string().nullable(),
    qual_score_note: z.string(),
    final_sharing_rate_pct: z.number().nullable(),
    layout: z.string().openapi({ description: 'The column map the row was read with (family@version).' }),
    source_row: z.record(z.string(), z.string()).openapi({ description: 'The published row as-is, by header name.' }),
    source: RowSourceSchema,
  })
  .openapi('MsspResult');

export const MsspListSchema = z
  .object({
    items: z.array(MsspResultSchema),
    total: z.number().int(),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('MsspList');

export const MsspSummaryGroupSchema = z
  .object({
    performance_year: z.number().int(),
    track: z.string().nullable(),
    acos: z.number().int(),
    acos_earning_savings: z.number().nullable(),
    assigned_beneficiaries: z.number().nullable(),
    total_benchmark_expenditures: z.number().nullable(),
    total_expenditures: z.number().nullable(),
    benchmark_minus_expenditures: z.number().nullable(),
    losses: z.number().nullable(),
    generated_savings_losses: z.number().nullable(),
    earned_shared_savings: z.number().nullable(),
    owed_losses: z.number().nullable(),
    mean_savings_rate_pct: z.number().nullable(),
    median_savings_rate_pct: z.number().nullable(),
    mean_quality_score_pct: z.number().nullable(),
  })
  .openapi('MsspSummaryGroup');

export const MsspSummarySchema = z
  .object({
    groups: z
      .array(MsspSummaryGroupSchema)
      .openapi({ description: 'One per performance year and track (computed when the year loaded).' }),
    years: z
      .array(
        z.object({
          performance_year: z.number().int(),
          acos: z.number().int(),
          acos_earning_savings: z.number(),
          earned_shared_savings: z.number(),
          owed_losses: z.number(),
          benchmark_minus_expenditures: z.number(),
        }),
      )
      .openapi({ description: 'Year totals: sums of the year groups.' }),
    ...answerProvenanceFields,
  })
  .openapi('MsspSummary');

export const AcoFinancialsSchema = z
  .object({
    aco_id: z.string().openapi({
      description:
        'The ACO ID; an ACO number in the path is resolved through the crosswalk (one the crosswalk lacks is answered as itself).',
    }),
    aco_name: z.string().openapi({ description: 'The name of the latest year.' }),
    aco_nums: z
      .array(z.string())
      .openapi({ description: "The ACO's encrypted ACO numbers (crosswalk, and the one asked for)." }),
    years: z
      .array(MsspResultSchema)
      .openapi({ description: 'One per performance year, oldest first; name-linked rows say so in link.' }),
    unlinked_name_matches: z.array(MsspResultSchema).openapi({
      description: 'Rows without an ID whose compared name matches this ACO but also another ID: shown, not claimed.',
    }),
    ...answerProvenanceFields,
  })
  .openapi('AcoFinancials');

export type MsspResult = z.infer<typeof MsspResultSchema>;
export type MsspList = z.infer<typeof MsspListSchema>;
export type MsspSummary = z.infer<typeof MsspSummarySchema>;
export type AcoFinancials = z.infer<typeof AcoFinancialsSchema>;
