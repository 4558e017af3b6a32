/** The sources each warrant block draws on, and which of their documents hold the facts. */
export const WARRANT_SOURCES = {
  hcpcs: 'cms_hcpcs_level2',
  dmepos: 'cms_dmepos_fee_schedule',
  mue: 'cms_ncci_mue',
  ptp: 'cms_ncci_ptp',
  mcd: 'cms_mcd',
  leie: 'oig_leie',
} as const;

export const ALL_WARRANT_SOURCES: readonly string[] = Object.values(WARRANT_SOURCES);

export const DOCS = {
  hcpcs: (d: string) => d.startsWith('hcpcs:'),
  dmeposFee: (d: string) => d === 'dmepos:1' || d === 'dmepos:2',
  /** The rural ZIP file: read only when a claim line names a ZIP. */
  dmeposRuralZip: (d: string) => d === 'dmepos:3',
  mue: (d: string) => d.startsWith('mue:'),
  ptp: (d: string) => d.startsWith('ptp:'),
  /** Every MCD table: the code lists hold the facts; the others are joined in at load time. */
  mcd: (_d: string) => true,
  /** The full list (leie:1) and the monthly supplements of exclusions (leie:2) and reinstatements (leie:3). */
  leie: (d: string) => d.startsWith('leie:'),
};

/** Fields that can carry procedure-code descriptors; removed from every value of a CPT code. */
export const DESCRIPTOR_FIELDS = ['description', 'long_description', 'short_description'] as const;

/** The most PTP pairs a warrant lists; the rest are counted, and read through /rules/ncci/ptp. */
export const MAX_PTP_PAIRS = 200;
