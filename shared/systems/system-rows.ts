import { z } from '@hono/zod-openapi';

/**
 * Health systems of the AHRQ Compendium of U.S. Health Systems (source `ahrq_compendium`): the
 * domain the compendium's folder feeds and the signals group (and, later, /systems) reads.
 */
export const COMPENDIUM_SOURCE = 'ahrq_compendium';
/** Catalog dataset of the hospital linkage file: one row per hospital, its system when it has one. */
export const COMPENDIUM_HOSPITALS = 'ahrq_compendium_hospitals';
/** Catalog dataset of the system file: one row per health system. */
export const COMPENDIUM_SYSTEMS = 'ahrq_compendium_systems';

/** AHRQ's health-system id: `HSI` and eight digits (e.g. `HSI00000123`), assigned by AHRQ. */
export const SYSTEM_ID_PATTERN = /^HSI\d{8}$/;

/** A system id as published, upper-cased; null when it is not one (blank: a hospital in no system). */
export function normalizeSystemId(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  return SYSTEM_ID_PATTERN.test(s) ? s : null;
}

const Locator = z.object({ line: z.number().int(), record: z.number().int() });

/** A hospital of the linkage file as stored. */
export const HospitalLinkRowSchema = z.object({
  compendium_hospital_id: z.string(),
  /** Six characters, leading zeros restored (AHRQ warns Excel drops them); null when the file gives none. */
  ccn: z.string().nullable(),
  hospital_name: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  /** `acutehosp_flag`: a non-federal general acute care hospital. */
  acute: z.boolean().nullable(),
  /** Null: the hospital belongs to no system of the compendium (the file lists those too). */
  health_sys_id: z.string().nullable(),
  health_sys_name: z.string().nullable(),
  health_sys_city: z.string().nullable(),
  health_sys_state: z.string().nullable(),
  /** The compendium year (`2022`), from the file name. */
  release: z.string(),
  /** The column map that read the file (layouts.ts), e.g. `link-2023@1`. */
  layout: z.string(),
  source_row: z.record(z.string(), z.string()),
  locator: Locator,
});
export type HospitalLinkRow = z.infer<typeof HospitalLinkRowSchema>;

/** A system of the system file as stored (counts as AHRQ publishes them; null when blank). */
export const HealthSystemRowSchema = z.object({
  health_sys_id: z.string(),
  health_sys_name: z.string(),
  health_sys_city: z.string().nullable(),
  health_sys_state: z.string().nullable(),
  hospitals: z.number().int().nullable(),
  acute_hospitals: z.number().int().nullable(),
  physician_groups: z.number().int().nullable(),
  physicians: z.number().int().nullable(),
  primary_care_physicians: z.number().int().nullable(),
  beds: z.number().int().nullable(),
  release: z.string(),
  layout: z.string(),
  source_row: z.record(z.string(), z.string()),
  locator: Locator,
});
export type HealthSystemRow = z.infer<typeof HealthSystemRowSchema>;
