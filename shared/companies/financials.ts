import { queryListing } from '../catalog/query';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { companyFinancials } from './companies';
import { secViews } from './company-read';
import { cik10 } from './company-rows';
import type { CompanyFinancials } from './company-schemas';

/**
 * For readers of other areas (a for-profit health system's financials): a company's facts by CIK or
 * by name, or null when EDGAR has no such healthcare company on the date (never a guess).
 */
export interface CompanyMatch {
  financials: CompanyFinancials;
  /** How the company was found: `cik` (exact), or `name` with the rule and a confidence. */
  match: { rule: 'cik' | 'exact_name' | 'name_without_suffix'; confidence: number; query: string };
}

const ALL = { limit: 500, offset: 0 };

/** Returns null for a CIK that is not a healthcare company of the submissions in force (and on a 503). */
export async function companyFinancialsByCik(deps: Deps, cik: string, date: string): Promise<CompanyMatch | null> {
  const c = cik10(cik);
  if (!c) return null;
  try {
    const financials = await companyFinancials(deps, c, date, ALL);
    return { financials, match: { rule: 'cik', confidence: 1, query: cik } };
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 503)) return null;
    throw err;
  }
}

const SUFFIX = /\b(inc|incorporated|corp|corporation|co|company|llc|ltd|plc|lp|holdings?|group|the)\b/g;

/** A name compared: upper-case letters and digits, words single-spaced; `bare` also drops corporate suffixes. */
export function nameKey(name: string, bare = false): string {
  let s = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ');
  if (bare) s = s.replace(SUFFIX, ' ');
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * A company by its name: the healthcare companies whose names hold every word of `name` (the
 * companies listing's word search), kept when the whole name is equal (confidence 1) or equal once
 * corporate suffixes are dropped (0.9). Two candidates at the best level: null (ambiguous).
 */
export async function companyFinancialsByName(deps: Deps, name: string, date: string): Promise<CompanyMatch | null> {
  const { companies } = await secViews(deps, date);
  if (!companies.versions.length || !nameKey(name, true)) return null;
  const page = await queryListing(deps, companies.dataset, 'companies', {
    versions: companies,
    filters: { kind: 'company', sort_name: { token: nameKey(name, true) } },
    limit: 50,
  });
  const rows = page.items.map((i) => i.value as { cik: string; name: string });
  for (const [rule, confidence, bare] of [
    ['exact_name', 1, false],
    ['name_without_suffix', 0.9, true],
  ] as const) {
    const hits = [
      ...new Map(rows.filter((r) => nameKey(r.name, bare) === nameKey(name, bare)).map((r) => [r.cik, r])).values(),
    ];
    if (hits.length === 1) {
      const financials = await companyFinancials(deps, hits[0]!.cik, date, ALL);
      return { financials, match: { rule, confidence, query: name } };
    }
    if (hits.length > 1) return null;
  }
  return null;
}
