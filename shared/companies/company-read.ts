import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError, ValidationError } from '../http/errors';
import {
  cik10,
  MEASURES,
  normalTicker,
  SEC_COMPANIES,
  SEC_FACTS,
  type SecCompanyRow,
  type SecFactsRow,
} from './company-rows';
import type { CompanySummary, FinancialFact } from './company-schemas';

/** The two EDGAR datasets as of a date, off one batch read of their heads. */
export async function secViews(deps: Deps, date: string): Promise<{ companies: DatasetView; facts: DatasetView }> {
  const [companies, facts] = await viewsOf(deps, [
    { dataset: requireDataset(SEC_COMPANIES), date },
    { dataset: requireDataset(SEC_FACTS), date },
  ]);
  return { companies: companies!, facts: facts! };
}

/** A 503 naming sec_edgar when the view has nothing in force on the date. */
export function requireSec(view: DatasetView, date: string, what: string): void {
  if (view.versions.length) return;
  throw new SourceNotLoadedError(`No ${what} of sec_edgar (SEC EDGAR) is loaded and in force on ${date}.`, {
    sources: ['sec_edgar'],
    gaps: view.gaps,
  });
}

export interface FoundRow<R> {
  row: R;
  rank: number;
  source: RowSource;
}

/** Rows of `keys` in the versions in force, each with where it sits (one batched get). */
export async function rowsByKey<R extends { locator: { line: number; record: number } }>(
  deps: Deps,
  view: DatasetView,
  index: string,
  keys: readonly string[],
): Promise<Map<string, FoundRow<R>[]>> {
  const out = new Map<string, FoundRow<R>[]>();
  if (!view.versions.length || !keys.length) return out;
  const found = await lookupMany(deps, view.dataset, index, [...new Set(keys)], view.versions);
  const rank = new Map(view.versions.map((v, i) => [v.version_id, i]));
  for (const [key, stored] of found) {
    const list: FoundRow<R>[] = [];
    for (const s of stored) {
      const version = view.version(s.version_id);
      const r = rank.get(s.version_id);
      if (!version || r === undefined) continue;
      const row = s.value as unknown as R;
      list.push({ row, rank: r, source: rowSourceOf(version, row.locator) });
    }
    out.set(
      key,
      list.sort((a, b) => a.rank - b.rank),
    );
  }
  return out;
}

/** A company id as the path takes it: a CIK (1 to 10 digits) or a ticker; otherwise a 400 naming `param`. */
export function companyKey(raw: string, param = 'ticker'): { cik: string } | { ticker: string } {
  const t = raw.trim();
  const cik = /^\d+$/.test(t) ? cik10(t) : null;
  if (cik) return { cik };
  const ticker = normalTicker(t);
  if (ticker && /[A-Z]/.test(ticker)) return { ticker };
  throw new ValidationError([
    {
      loc: ['path', param],
      msg: 'expected a ticker (e.g. PHHS, BRK-B) or a CIK of up to 10 digits',
      type: 'value_error',
    },
  ]);
}

export function summaryOf(f: FoundRow<SecCompanyRow>): CompanySummary {
  const r = f.row;
  return {
    cik: r.cik,
    name: r.name,
    tickers: r.tickers,
    exchanges: r.exchanges,
    sic: r.sic,
    sic_description: r.sic_description,
    healthcare_group: r.healthcare_group,
    state_of_incorporation: r.state_of_incorporation,
    fiscal_year_end: r.fiscal_year_end,
    source: f.source,
  };
}

/** The healthcare company a ticker or CIK names on the date (the submissions row in force), or a 404 saying why. */
export async function findCompany(deps: Deps, view: DatasetView, raw: string): Promise<FoundRow<SecCompanyRow>> {
  const key = companyKey(raw);
  const latestCompany = (rows: readonly FoundRow<SecCompanyRow>[] | undefined) =>
    (rows ?? []).filter((f) => f.row.kind === 'company').at(-1);
  if ('cik' in key) {
    const rows = (await rowsByKey<SecCompanyRow>(deps, view, 'cik', [key.cik])).get(key.cik);
    const c = latestCompany(rows);
    if (c) return c;
    const listed = rows?.find((f) => f.row.kind === 'ticker');
    throw notHealthcare(key.cik, listed?.row.name, view.date);
  }
  const rows = (await rowsByKey<SecCompanyRow>(deps, view, 'ticker', [key.ticker])).get(key.ticker);
  const c = latestCompany(rows);
  if (c) return c;
  const listed = rows?.find((f) => f.row.kind === 'ticker');
  if (listed) {
    const byCik = latestCompany(
      (await rowsByKey<SecCompanyRow>(deps, view, 'cik', [listed.row.cik])).get(listed.row.cik),
    );
    if (byCik) return byCik;
    throw notHealthcare(listed.row.cik, listed.row.name, view.date);
  }
  throw new NotFoundError(`No company with ticker ${key.ticker} in the SEC files in force on ${view.date}.`, {
    ticker: key.ticker,
  });
}

function notHealthcare(cik: string, name: string | undefined, date: string) {
  return new NotFoundError(
    `CIK ${cik}${name ? ` (${name})` : ''} is not among the healthcare companies of the SEC submissions file in force on ${date} (only the SIC codes listed in the description are kept).`,
    { cik },
  );
}

const DAY = 86_400_000;

function periodType(start: string | null, end: string): FinancialFact['period_type'] {
  if (!start) return 'instant';
  const days = (Date.parse(end) - Date.parse(start)) / DAY;
  if (days >= 350 && days <= 380) return 'annual';
  if (days >= 80 && days <= 100) return 'quarterly';
  return 'other';
}

/** The EDGAR filing index of an accession number. */
export function filingUrl(cik: string, accn: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accn.replace(/-/g, '')}/${accn}-index.htm`;
}

/**
 * The financial facts of a filer: per measure and SEC frame, the first concept of the measure's
 * list that has a fact in USD (`Revenues` before the ASC 606 concept before
 * `HealthCareOrganizationRevenue`), from the newest facts version in force.
 */
export function factsOf(rows: readonly FoundRow<SecFactsRow>[]): FinancialFact[] {
  const newest = rows.length ? Math.max(...rows.map((r) => r.rank)) : -1;
  const byConcept = new Map(
    rows.filter((r) => r.rank === newest && r.row.unit === 'USD').map((r) => [r.row.concept, r]),
  );
  const out: FinancialFact[] = [];
  for (const m of MEASURES) {
    const seen = new Set<string>();
    for (const concept of m.concepts) {
      const f = byConcept.get(concept);
      if (!f) continue;
      for (const x of f.row.facts) {
        if (seen.has(x.frame)) continue;
        seen.add(x.frame);
        out.push({
          measure: m.measure,
          concept,
          label: f.row.label,
          unit: f.row.unit,
          value: x.val,
          period_type: periodType(x.start, x.end),
          period_start: x.start,
          period_end: x.end,
          frame: x.frame,
          fiscal_year: x.fy,
          fiscal_period: x.fp,
          filing: { accession_number: x.accn, form: x.form, filed: x.filed || null, url: filingUrl(f.row.cik, x.accn) },
          source: f.source,
        });
      }
    }
  }
  return out.sort(
    (a, b) =>
      b.period_end.localeCompare(a.period_end) || a.measure.localeCompare(b.measure) || a.frame.localeCompare(b.frame),
  );
}
