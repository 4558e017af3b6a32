import { z } from '@hono/zod-openapi';

/** Catalog dataset id of the CMS Provider Data Catalog facility files (one document per facility type). */
export const PDC_FACILITIES = 'cms_pdc_facilities';

/** The facility types, each a Provider Data Catalog file (a document of cms_pdc_facilities) and a list path. */
export const FACILITY_TYPES = ['nursing_home', 'hospice', 'home_health', 'dialysis', 'irf', 'ltch'] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

/** Document id of each facility type's file. */
export const FACILITY_DOC: Record<FacilityType, string> = {
  nursing_home: 'pdc_nursing_homes:1',
  hospice: 'pdc_hospice:1',
  home_health: 'pdc_home_health:1',
  dialysis: 'pdc_dialysis:1',
  irf: 'pdc_irf:1',
  ltch: 'pdc_ltch:1',
};

/**
 * The ownership vocabulary (`ownership`), one value for the many ways the files publish it; the
 * published value stays in `ownership_published`. Government comes first (a "Combination Government
 * & Non-Profit" hospice is government), then non-profit (`Non profit - Church related`, home
 * health's `VOLUNTARY NON PROFIT - ...`, dialysis `Non-Profit`), then for-profit (`For profit - ...`,
 * `PROPRIETARY`, dialysis `Profit`); any other published value is `other`, an empty one null.
 */
export const OWNERSHIP = ['for_profit', 'non_profit', 'government', 'other'] as const;
export type Ownership = (typeof OWNERSHIP)[number];
export const OWNERSHIP_RULE =
  '`ownership` is one of for_profit, non_profit, government, other (null when the file leaves it empty), normalized from the published value kept in `ownership_published`: a value naming government (`Government - County`, `GOVERNMENT - STATE/COUNTY`, `Combination Government & Non-Profit`) is government; non-profit, nonprofit or voluntary (`Non profit - Church related`, `VOLUNTARY NON PROFIT - RELIGIOUS AFFILIATION`, `Non-Profit`) is non_profit; profit or proprietary (`For profit - Corporation`, `PROPRIETARY`, `Profit`) is for_profit; anything else is other.';

export function normalizeOwnership(published: string | null): Ownership | null {
  const v = (published ?? '').trim().toLowerCase();
  if (!v) return null;
  if (/\bgov(ernment|t)\b/.test(v)) return 'government';
  if (/\bnon[\s-]?profit\b|\bvoluntary\b/.test(v)) return 'non_profit';
  if (/\bprofit\b|\bproprietary\b/.test(v)) return 'for_profit';
  return 'other';
}

export const FACILITY_STATUS = ['active', 'terminated'] as const;

/** One facility of a release as stored: read by header name through the file's column map. */
export const PdcFacilityRowSchema = z.object({
  facility_type: z.enum(FACILITY_TYPES),
  ccn: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string(),
  zip: z.string().nullable(),
  county: z.string().nullable(),
  /** Upper-case county, what `county=` compares with. */
  county_key: z.string().nullable(),
  phone: z.string().nullable(),
  ownership: z.enum(OWNERSHIP).nullable(),
  ownership_published: z.string().nullable(),
  certification_date: z.string().nullable(),
  /** Certified beds (nursing homes), dialysis stations (dialysis); null where the file has neither. */
  capacity: z.number().nullable(),
  status: z.enum(FACILITY_STATUS),
  end_date: z.string().nullable(),
  last_release: z
    .object({ version_id: z.number(), publisher_version: z.string().nullable(), effective_from: z.string() })
    .nullable(),
  locator: z.object({ line: z.number().int(), record: z.number().int() }),
});
export type PdcFacilityRow = z.infer<typeof PdcFacilityRowSchema>;
