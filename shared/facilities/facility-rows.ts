import { z } from '@hono/zod-openapi';
import { normalizeCity, zip5 } from './normalize';

/** Catalog dataset id of CMS Hospital General Information (the facility reference). */
export const HOSPITAL_FACILITIES = 'cms_hospital_general_information';

/** CCN: six characters, leading zeros kept (e.g. `010001`, `05T123`). */
export const CCN_PATTERN = /^[0-9A-Z]{6}$/;

/** A facility of the reference as stored: one row per CCN, with its published row as-is. */
export const FacilityRowSchema = z.object({
  ccn: z.string(),
  facility_name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string(),
  zip: z.string().nullable(),
  county: z.string().nullable(),
  hospital_type: z.string().nullable(),
  ownership: z.string().nullable(),
  emergency_services: z.boolean().nullable(),
  source_row: z.record(z.string(), z.string()),
  locator: z.object({ line: z.number().int(), record: z.number().int() }),
});
export type FacilityRow = z.infer<typeof FacilityRowSchema>;

/** A CCN in any common form (five digits lose Alabama's leading zero in spreadsheets), or null. */
export function normalizeCcn(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  const six = /^\d{5}$/.test(s) ? `0${s}` : s;
  return CCN_PATTERN.test(six) ? six : null;
}

/**
 * The place keys of the facility reference's `place` index: `z:<ZIP5>` and `c:<STATE>:<CITY>`
 * (normalized), the same blocks the matcher compares candidates within. Reading a record's place
 * keys gives every reference row the matcher could score for it, and no other.
 */
export function placeKeys(p: { state?: string | null; city?: string | null; zip?: string | null }): string[] {
  const zip = zip5(p.zip);
  const city = normalizeCity(p.city);
  const state = p.state?.trim().toUpperCase() || '';
  return [...(zip ? [`z:${zip}`] : []), ...(city ? [`c:${state}:${city}`] : [])];
}
