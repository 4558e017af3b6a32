import { z } from '@hono/zod-openapi';

/** Catalog dataset id of construction signals (every signal source contributes its documents). */
export const CONSTRUCTION_SIGNALS = 'construction_signals';

/**
 * Signal categories, one per signal. Each source maps its own project or permit types onto them
 * (the mapping is documented beside its parser): `new_construction` a new building;
 * `expansion` an addition to an existing building; `renovation` alteration or repair inside an
 * existing building; `equipment` installation of major equipment (imaging, elevators, building
 * systems); `demolition` wrecking; `other` anything else (signs, scaffolding, reinstatements).
 */
export const SIGNAL_CATEGORIES = [
  'new_construction',
  'expansion',
  'renovation',
  'equipment',
  'demolition',
  'other',
] as const;
export type SignalCategory = (typeof SIGNAL_CATEGORIES)[number];

export const LocatorSchema = z.object({ line: z.number().int(), record: z.number().int() });

/** A filing folded into a signal: its own id, dates, value, locator and why it was merged. */
export const MergedFilingSchema = z
  .object({
    filing_id: z.string(),
    rule: z.enum(['same_permit_number', 'repeated_filing']),
    filed_date: z.string().nullable(),
    issued_date: z.string().nullable(),
    value_usd: z.number().nullable(),
    locator: LocatorSchema,
    source_row: z.record(z.string(), z.unknown()),
  })
  .openapi('SignalMergedFiling');
export type MergedFiling = z.infer<typeof MergedFilingSchema>;

/** A construction signal as stored: one project or permit after duplicate filings are merged. */
export const SignalRowSchema = z.object({
  signal_id: z.string(),
  source_id: z.string(),
  filing_id: z.string(),
  state: z.string(),
  /** Normalized (facilities/normalize.ts `normalizeCity`: upper case, words only): /signals?city matches it exactly. */
  city: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  /** The name the filing gives for the facility or owner, when it gives one (matched against the reference). */
  named_party: z.string().nullable(),
  category: z.enum(SIGNAL_CATEGORIES),
  /** The publisher's own type label (e.g. `PERMIT - NEW CONSTRUCTION`). */
  published_type: z.string().nullable(),
  status: z.string().nullable(),
  description: z.string().nullable(),
  value_usd: z.number().nullable(),
  filed_date: z.string().nullable(),
  issued_date: z.string().nullable(),
  approved_date: z.string().nullable(),
  /** The newest of issued, approved and filed: what recency (`since`) and the default order read. */
  latest_date: z.string().nullable(),
  /** Why the filing counts as a health-facility signal (the keywords found, and where). */
  health_rule: z.array(z.string()),
  merged_from: z.array(MergedFilingSchema),
  source_row: z.record(z.string(), z.unknown()),
  locator: LocatorSchema,
});
export type SignalRow = z.infer<typeof SignalRowSchema>;

/** What the facility matcher reads of a signal (shared/facilities: name, street address, place). */
export type MatchInput = Pick<SignalRow, 'named_party' | 'address' | 'city' | 'state' | 'zip'>;

/**
 * The fields of a signal its listing items hold (filters, order, paging) and its match inputs
 * (so /signals/systems attributes signals to systems from the listing alone); the rest is read by
 * id. Items written before the match inputs were added lack them (`hasMatchInput`): those signals
 * are read by id.
 */
export type ListedSignal = Pick<
  SignalRow,
  'signal_id' | 'state' | 'city' | 'category' | 'value_usd' | 'latest_date' | 'locator'
> &
  Partial<Pick<SignalRow, 'named_party' | 'address' | 'zip'>>;

export function listedSignal(r: SignalRow): ListedSignal {
  return {
    signal_id: r.signal_id,
    state: r.state,
    city: r.city,
    category: r.category,
    value_usd: r.value_usd,
    latest_date: r.latest_date,
    locator: r.locator,
    named_party: r.named_party,
    address: r.address,
    zip: r.zip,
  };
}

/** Whether a listing item holds the match inputs (written since they were added to the listed value). */
export function hasMatchInput(s: ListedSignal): s is ListedSignal & MatchInput {
  return 'named_party' in s && 'address' in s && 'zip' in s;
}
