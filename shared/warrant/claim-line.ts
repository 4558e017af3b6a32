/**
 * Claim-line context: what a claim line adds to a code and a date of service (issue 14, point 5).
 * With it, the warrant and the rule reads pick the one fee cell, MUE table and PTP table that
 * apply and say why; without it they list every candidate row, as they always did.
 */

/** Where the service was billed: a practitioner claim, an outpatient hospital claim, a DME supplier claim. */
export const CLAIM_SETTINGS = ['practitioner', 'outpatient_hospital', 'dme_supplier'] as const;
export type ClaimSetting = (typeof CLAIM_SETTINGS)[number];

/** Older spellings still accepted (the MUE rule read's `outpatient` and `dme`). */
export const SETTING_ALIASES: Readonly<Record<string, ClaimSetting>> = {
  outpatient: 'outpatient_hospital',
  dme: 'dme_supplier',
};

export interface ClaimLine {
  /** Up to two modifiers, as billed (two characters each). */
  modifiers?: readonly string[];
  /** Units of service on the line (a positive integer). */
  units?: number;
  /** The beneficiary's five-digit ZIP code (rural or not, by the DMEPOS rural ZIP file). */
  zip?: string;
  setting?: ClaimSetting;
}

/** The setting of an MUE row as parsed from its table (shared/datasets/cms_ncci_mue/mue.ts). */
export type MueTableSetting = 'practitioner' | 'outpatient' | 'dme';

/** The MUE table of each setting: its document and the setting value its rows carry. */
export const MUE_TABLES: Readonly<Record<ClaimSetting, { docId: string; rows: MueTableSetting; label: string }>> = {
  practitioner: { docId: 'mue:1', rows: 'practitioner', label: 'practitioner services' },
  outpatient_hospital: { docId: 'mue:2', rows: 'outpatient', label: 'outpatient hospital services' },
  dme_supplier: { docId: 'mue:3', rows: 'dme', label: 'DME supplier services' },
};

/** The two PTP edit tables CMS publishes, each in four parts (shared/datasets/cms_ncci_ptp/source.ts). */
export type PtpSetting = 'practitioner' | 'hospital';
export const PTP_TABLES: Readonly<Record<PtpSetting, { docIds: readonly string[]; label: string }>> = {
  practitioner: { docIds: ['ptp:1', 'ptp:2', 'ptp:3', 'ptp:4'], label: 'practitioner' },
  hospital: { docIds: ['ptp:11', 'ptp:12', 'ptp:13', 'ptp:14'], label: 'outpatient hospital' },
};

/** The PTP table a claim setting is edited with; null: CMS publishes none for DME supplier claims. */
export const PTP_SETTING_OF: Readonly<Record<ClaimSetting, PtpSetting | null>> = {
  practitioner: 'practitioner',
  outpatient_hospital: 'hospital',
  dme_supplier: null,
};

/** The setting of a PTP document (ptp:1-4 practitioner, ptp:11-14 hospital). */
export function ptpSettingOfDoc(docId: string): PtpSetting | null {
  for (const [setting, t] of Object.entries(PTP_TABLES) as [PtpSetting, (typeof PTP_TABLES)[PtpSetting]][]) {
    if (t.docIds.includes(docId)) return setting;
  }
  return null;
}

/** The claim-line context as echoed in answers: every field present, null when not given. */
export function claimLineEcho(c: ClaimLine): {
  modifiers: string[];
  units: number | null;
  zip: string | null;
  setting: ClaimSetting | null;
} {
  return {
    modifiers: [...(c.modifiers ?? [])],
    units: c.units ?? null,
    zip: c.zip ?? null,
    setting: c.setting ?? null,
  };
}
