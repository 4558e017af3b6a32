import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { MAX_OFFSET } from '../http/paging';
import { MergedFilingSchema, SIGNAL_CATEGORIES } from './signal-rows';

/**
 * What holds for every signal feed. Each feed states its own rule (what it keeps, what its value and
 * dates mean) in its folder (`feedDataset(..., { note })`); an answer joins the notes of the feeds in
 * force after this text (`signalsMethodology`), so a new feed leaves this text true.
 */
export const SIGNALS_METHODOLOGY =
  'Construction signals are health-facility building permits and projects from public machine-readable sources, as filed, one feed per source (each named in sources, its own rule below). value_usd is the cost the filing declares, in dollars, not the final cost. Each signal is matched to a hospital (CCN) of CMS Hospital General Information by normalized name and street address, with the match status, confidence and method; an ambiguous or missing match has no CCN, never a guess. Duplicate filings of one project (the same permit or project number listed again, or the same address, category, value and description filed twice) are merged: the newest filing is the signal and the others are listed in merged_from with their rule. No health-system linkage is loaded yet (ahrq_compendium), so system is null.';

/** The methodology of an answer: the common text, then the note of each feed in force (sources order). */
export function signalsMethodology(notes: readonly string[]): string {
  return [SIGNALS_METHODOLOGY, ...notes].join(' ');
}

export const MERGE_RULE =
  'Filings of one source are one project when they carry the same permit number (same_permit_number) or the same normalized street address, category, value above zero and work description (repeated_filing); merging is transitive. The filing with the newest date (issued, approved or filed) is the signal; its value is its own, never a sum.';

export const MatchCandidateSchema = z
  .object({
    ccn: z.string(),
    name: z.string(),
    confidence: z.number(),
    method: z.enum(['name_address', 'address', 'name_city', 'name_fuzzy']),
  })
  .openapi('FacilityMatchCandidate');

export const FacilityMatchSchema = z
  .object({
    status: z.enum(['matched', 'ambiguous', 'unmatched', 'not_attempted']).openapi({
      description:
        'matched: one hospital clearly wins (confidence at least 0.8, the runner-up at least 0.1 below); ambiguous: candidates but none clearly winning (no CCN); unmatched: no candidate; not_attempted: the facility reference has no version in force (see gaps).',
    }),
    ccn: z.string().nullable(),
    name: z.string().nullable(),
    confidence: z.number().nullable().openapi({
      description:
        '1.0 same name and address; 0.8-0.9 same address (plus 0.1 x name similarity); 0.85 same name in the city; 0.5-0.79 similar name in the city (a candidate only).',
    }),
    method: z.enum(['name_address', 'address', 'name_city', 'name_fuzzy']).nullable(),
    candidates: z.array(MatchCandidateSchema),
    reference: RowSourceSchema.nullable().openapi({ description: 'The facility reference row of the matched CCN.' }),
  })
  .openapi('SignalFacilityMatch');

export const SignalSchema = z
  .object({
    signal_id: z.string().openapi({ example: 'chicago_building_permits:100900001' }),
    source_id: z.string(),
    filing_id: z.string().openapi({ description: "The publisher's permit or project number." }),
    state: z.string(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    named_party: z
      .string()
      .nullable()
      .openapi({ description: 'The facility or owner name the filing gives, when it gives one.' }),
    category: z.enum(SIGNAL_CATEGORIES),
    published_type: z.string().nullable(),
    status: z.string().nullable(),
    description: z.string().nullable(),
    value_usd: z.number().nullable().openapi({ description: 'Declared cost in dollars.' }),
    filed_date: z.string().nullable(),
    issued_date: z.string().nullable(),
    approved_date: z.string().nullable(),
    latest_date: z.string().nullable(),
    health_rule: z.array(z.string()).openapi({ description: 'Why the filing is a health-facility signal.' }),
    facility: FacilityMatchSchema,
    system: z
      .string()
      .nullable()
      .openapi({ description: 'Health system of the matched facility; null: no linkage loaded.' }),
    merged_from: z.array(MergedFilingSchema),
    source_row: z.record(z.string(), z.unknown()).openapi({ description: 'The published row as-is.' }),
    source: RowSourceSchema,
  })
  .openapi('ConstructionSignal');
export type Signal = z.infer<typeof SignalSchema>;

export const SignalListSchema = z
  .object({
    items: z.array(SignalSchema),
    total: z.number().int().nullable().openapi({
      description:
        'Signals matching the filters on every page. Always counted when only state and category filter (from the load-time rollup); with city, min_value or since only with `include_total=true` (else null).',
    }),
    limit: z.number().int(),
    offset: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "This page's offset (0 for a first page); null when the page was asked by `cursor`." }),
    next_offset: z
      .number()
      .int()
      .nullable()
      .openapi({
        description: `Offset of the next page; null at the end, on cursor pages and past offset ${MAX_OFFSET} (follow \`next\`).`,
      }),
    next: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    sort: z.enum(['recent', 'value']),
    merge_rule: z.string(),
    ...answerProvenanceFields,
  })
  .openapi('SignalList');
export type SignalList = z.infer<typeof SignalListSchema>;

export const SignalGroupSchema = z
  .object({
    state: z.string(),
    category: z.enum(SIGNAL_CATEGORIES),
    signals: z.number().int(),
    value_usd: z.number().nullable().openapi({ description: 'Sum of declared costs (signals without one skipped).' }),
    median_value_usd: z.number().nullable(),
  })
  .openapi('SignalGroup');

export const SignalSummarySchema = z
  .object({
    groups: z.array(SignalGroupSchema),
    states: z.array(z.object({ state: z.string(), signals: z.number().int(), value_usd: z.number() })),
    ...answerProvenanceFields,
  })
  .openapi('SignalSummary');
export type SignalSummary = z.infer<typeof SignalSummarySchema>;
