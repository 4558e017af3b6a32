import { defineDataset, type ListingDecl } from '../catalog/dataset';
import { RX_DATASET_GROUP } from './group';
import { SPENDING_DATASET, type SpendingRow, SpendingRowSchema } from './spending-rows';

/** The words a drug is found by: its brand and generic names and, in Part B, its HCPCS code and description. */
export function spendingTokens(r: Pick<SpendingRow, 'brand_name' | 'generic_name' | 'hcpcs' | 'hcpcs_description'>) {
  const text = [r.brand_name, r.generic_name, r.hcpcs ?? '', r.hcpcs_description ?? ''].join(' ').toLowerCase();
  return [...new Set(text.match(/[a-z0-9]{2,}/g) ?? [])];
}

/**
 * The keys a generic name is found by: the whole name and, for a combination (`Abacavir
 * Sulfate/Lamivudine`), each component, lower-cased with spaces collapsed. Salts are kept: CMS
 * names `Atorvastatin Calcium`, so a caller joining by ingredient passes the name it has and may
 * try the salt forms it knows.
 */
export function genericKeys(name: string): string[] {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const whole = norm(name);
  const parts = whole.includes('/') ? whole.split('/').map(norm).filter(Boolean) : [];
  return [...new Set([whole, ...parts])].filter(Boolean);
}

/** A top ranking: one year's overall rows (the `top_year` partition) by a metric, largest first. */
const top = (
  field:
    | 'total_spending'
    | 'avg_spend_per_dosage_unit'
    | 'spending_growth_pct'
    | 'total_beneficiaries'
    | 'total_claims',
  what: string,
): ListingDecl<SpendingRow> => ({
  description: `Overall rows of one year by ${what}, largest first (nulls last).`,
  sort: { field, type: 'number' },
  direction: 'desc',
  partitionBy: ['top_year'],
  partitionRequired: true,
  filters: { outlier: 'eq' },
});

/**
 * CMS spending by drug as one catalog dataset fed by three sources, one per program (each
 * program's source folder offers a feed: shared/datasets/cms_*_spending_by_drug/feed.ts). Each
 * release is a snapshot of its program: the version in force on a date answers, earlier years
 * included (a release restates them). Rows are (drug, overall or manufacturer, year); the program
 * filter picks the sources read, so no partition is spent on it.
 *
 * Listings: `by_spending` (GET /rx/spending: total spending desc, whole and per year, with
 * level, manufacturer and HCPCS filters and a name search by token), and one ranking per metric
 * of GET /rx/spending/top over the overall rows of a year only (rows without `top_year` store no
 * copy there). Every order ends on version and record number (unique).
 */
export const spendingDataset = defineDataset<SpendingRow>({
  id: SPENDING_DATASET,
  title: 'CMS spending by drug (Medicare Part D, Medicare Part B, Medicaid)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [],
  parserFor: () => undefined,
  schema: SpendingRowSchema,
  // Overall rows only (a drug's few brands and years under one key; manufacturer rows would make a
  // common generic's entry too large): spendingFor's join by ingredient name.
  indexes: [{ name: 'generic', keys: (r) => (r.level === 'overall' ? genericKeys(r.generic_name) : []) }],
  tokens: spendingTokens,
  listings: {
    by_spending: {
      description: 'Rows by total spending, largest first (nulls last), whole and per year.',
      sort: { field: 'total_spending', type: 'number' },
      direction: 'desc',
      partitionBy: ['year'],
      filters: { level: 'eq', manufacturer_key: 'eq', hcpcs: 'eq', program: 'eq', drug_key: 'token' },
    },
    top_spending: top('total_spending', 'total spending'),
    top_unit_cost: top('avg_spend_per_dosage_unit', 'average spending per dosage unit'),
    top_growth: top('spending_growth_pct', 'spending growth from the year before'),
    top_beneficiaries: top('total_beneficiaries', 'beneficiaries'),
    top_claims: top('total_claims', 'claims'),
  },
});
