import { defineDataset, type ListingDecl } from '../catalog/dataset';
import { RX_DATASET_GROUP } from './group';
import { SPENDING_DATASET, type SpendingRow, SpendingRowSchema } from './spending-rows';

/** The words a drug is found by: its brand and generic names and, in Part B, its HCPCS code and description. */
export function spendingTokens(r: Pick<SpendingRow, 'brand_name' | 'generic_name' | 'hcpcs' | 'hcpcs_description'>) {
  const text = [r.brand_name, r.generic_name, r.hcpcs ?? '', r.hcpcs_description ?? ''].join(' ').toLowerCase();
  return [...new Set(text.match(/[a-z0-9]{2,}/g) ?? [])];
}

/**
 * Salt, ester and hydrate words CMS generic names carry after the active moiety (`Atorvastatin
 * Calcium`, `Metoprolol Succinate`, `Doxycycline Hyclate`): dropped from the end of a name for its
 * base key, so a join by RxNorm ingredient (`atorvastatin`) finds the salt forms.
 */
const SALT_WORDS = new Set(
  (
    'hydrochloride hcl dihydrochloride hydrobromide hbr sodium disodium potassium calcium magnesium zinc lithium ' +
    'sulfate bisulfate besylate besilate mesylate dimesylate maleate fumarate hemifumarate tartrate bitartrate ' +
    'succinate citrate acetate diacetate phosphate nitrate bromide chloride lactate gluconate tosylate hyclate ' +
    'monohydrate dihydrate trihydrate sesquihydrate anhydrous dipropionate propionate valerate cypionate enanthate ' +
    'decanoate palmitate pamoate xinafoate furoate carbonate oxalate salicylate benzoate stearate mucate ' +
    'tromethamine meglumine erbumine embonate napsylate edisylate'
  ).split(' '),
);

/** The name without its trailing salt words (the first word is always kept): `atorvastatin calcium` is `atorvastatin`. */
export function baseGenericName(name: string): string {
  const words = name.split(' ');
  let n = words.length;
  while (n > 1 && SALT_WORDS.has(words[n - 1]!)) n--;
  return words.slice(0, n).join(' ');
}

/**
 * The keys a generic name is found by: the whole name and, for a combination (`Abacavir
 * Sulfate/Lamivudine`), each component, lower-cased with spaces collapsed, and each of those
 * without its trailing salt words (`baseGenericName`): `Atorvastatin Calcium` is found by
 * `atorvastatin calcium` and by `atorvastatin`.
 */
export function genericKeys(name: string): string[] {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const whole = norm(name);
  const parts = whole.includes('/') ? whole.split('/').map(norm).filter(Boolean) : [];
  return [...new Set([whole, ...parts, ...[whole, ...parts].map(baseGenericName)])].filter(Boolean);
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
  // 2: the generic index also keys each name without its salt words.
  loaderVersion: '2',
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
