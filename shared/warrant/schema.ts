import { z } from '@hono/zod-openapi';

/**
 * The warrant answer's shapes. Every block has the same form: the facts it holds (each with its own
 * receipt back to one archived file and row) and the gaps it could not fill (each with a reason
 * code), so a consumer can walk every receipt the same way and never mistake a gap for a value.
 */
export const GAP_REASONS = [
  'source_not_loaded',
  'no_version_in_force',
  'code_not_in_version',
  'state_required',
  'ambiguous_version',
  'not_applicable',
  'stale_version',
  'missing_release',
  'identity_unresolved',
  'not_in_force_on_date',
  'jurisdiction_not_archived',
  'revision_window_unknown',
  // Claim-line context, fees and edits (issue 14, points 5-7):
  'state_not_in_schedule',
  'no_row_for_modifiers',
  'ambiguous_row',
  'zip_state_mismatch',
  'no_table_for_setting',
  'deletion_day_unresolved',
  'rural_amount_not_published',
] as const;
export type GapReason = (typeof GAP_REASONS)[number];

export const LocatorSchema = z
  .object({
    line: z.number().int().openapi({ description: '1-based first physical line of the record in the file.' }),
    record: z.number().int().openapi({ description: '1-based data record index in the file.' }),
  })
  .openapi('RowLocator');

export const ReceiptSchema = z
  .object({
    source_id: z.string(),
    doc_id: z.string(),
    version_id: z.number().int(),
    file_id: z.string().openapi({ description: 'Archive file id: `sha256:<hex>` of the exact file holding the row.' }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    file_name: z.string(),
    publisher_version: z.string().nullable(),
    publisher_effective_from: z.string().nullable(),
    publisher_effective_to: z.string().nullable(),
    as_of_rule: z.enum(['publisher_effective_window', 'first_observed']),
    locator: LocatorSchema.nullable().openapi({
      description: 'The row the fact was read from; null for a finding of absence (the whole file was searched).',
    }),
    file_url: z.string().openapi({ description: 'Archive metadata of the file (with a one-hour link to the bytes).' }),
  })
  .openapi('Receipt');
export type Receipt = z.infer<typeof ReceiptSchema>;

export const GapSchema = z
  .object({
    kind: z.string().openapi({ description: 'The fact this gap stands for, e.g. `dmepos_fee`.' }),
    reason: z.enum(GAP_REASONS),
    detail: z.string(),
    source_id: z.string().nullable(),
    doc_id: z.string().nullable(),
    version_id: z.number().int().optional().openapi({
      description: 'stale_version / missing_release / ambiguous_version: the archived version that could not be used.',
    }),
    age_days: z.number().int().optional().openapi({
      description: 'stale_version: days from the last evidence the version was current to the date of service.',
    }),
    missing_releases: z
      .array(z.string())
      .optional()
      .openapi({ description: 'missing_release: scheduled release dates the archive lacks.' }),
  })
  .openapi('Gap');
export type Gap = z.infer<typeof GapSchema>;

export const FactSchema = z
  .object({
    kind: z.string().openapi({ example: 'hcpcs_code' }),
    value: z.record(z.string(), z.unknown()),
    receipt: ReceiptSchema,
    related_receipts: z
      .array(ReceiptSchema)
      .optional()
      .openapi({ description: 'Rows of other files joined into this fact (e.g. an LCD title).' }),
  })
  .openapi('Fact');
export type Fact = z.infer<typeof FactSchema>;

export const BlockSchema = z
  .object({
    status: z.enum(['held', 'partial', 'gap']),
    facts: z.array(FactSchema),
    gaps: z.array(GapSchema),
  })
  .openapi('WarrantBlock');
export type Block = z.infer<typeof BlockSchema>;

export function block(facts: Fact[], gaps: Gap[]): Block {
  return { status: facts.length === 0 ? 'gap' : gaps.length ? 'partial' : 'held', facts, gaps };
}
