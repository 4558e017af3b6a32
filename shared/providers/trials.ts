import { getDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { readWholeListing } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { openPaymentsView } from './financial';
import { FINANCIAL_METHODOLOGY, PAYMENTS_LISTING, type PaymentRow } from './payment-rows';
import { type InvestigatorTrial, type InvestigatorTrials, TRIAL_LINK_METHOD } from './trials-schemas';

const RECORD_IDS = 20;
/**
 * The ClinicalTrials.gov studies dataset, found by id (shared/trials imports this folder, so this
 * folder names the id and the fields it reads instead of importing shared/trials).
 */
const CTGOV_STUDIES = 'nlm_ctgov';
interface StudyFields {
  brief_title: string | null;
  overall_status: string | null;
  phases: string[];
  conditions: string[];
  lead_sponsor: string | null;
  last_update_posted: string | null;
  locator: { line: number; record: number };
}

/** The research rows naming the NPI with an NCT id (partition `research_npi`, one listing read), grouped by study. */
export async function researchLinks(
  deps: Deps,
  view: DatasetView,
  npi: string,
): Promise<Omit<InvestigatorTrial, 'trial'>[]> {
  const rows = await readWholeListing(deps, view.dataset, PAYMENTS_LISTING, {
    versions: view,
    filters: { research_npi: { eq: npi } },
  });
  return researchLinksOf(rows.map((it) => it.value as unknown as PaymentRow));
}

/** Research rows grouped by study (NCT id order; totals summed in cents, so in any row order). */
export function researchLinksOf(rows: readonly PaymentRow[]): Omit<InvestigatorTrial, 'trial'>[] {
  const by = new Map<string, PaymentRow[]>();
  for (const r of rows) {
    if (r.nct_id) by.set(r.nct_id, [...(by.get(r.nct_id) ?? []), r]);
  }
  const uniq = <T>(xs: T[]) => [...new Set(xs)].sort();
  return [...by]
    .map(([nct_id, rs]) => ({
      nct_id,
      link: {
        method: 'open_payments_research' as const,
        confidence: 1,
        roles: uniq(rs.map((r) => r.role as 'recipient' | 'principal_investigator')),
        program_years: uniq(rs.map((r) => r.program_year).filter((y): y is number => y !== null)),
        payers: uniq(rs.map((r) => r.payer)),
        payments: rs.length,
        total_usd: rs.reduce((s, r) => s + Math.round((r.amount ?? 0) * 100), 0) / 100,
        record_ids: uniq(rs.map((r) => r.record_id)).slice(0, RECORD_IDS),
        study_names: uniq(rs.map((r) => r.study_name).filter((s): s is string => !!s)),
      },
    }))
    .sort((a, b) => (a.nct_id < b.nct_id ? -1 : 1));
}

/**
 * `/provider/{npi}/clinical-trials`: the studies Open Payments research rows tie to the NPI, each
 * completed from the ClinicalTrials.gov set in force (null, with a gap, when it is not loaded or
 * lacks the study). No Open Payments publication in force is a 503 naming cms_open_payments.
 */
export async function investigatorTrials(deps: Deps, npi: string, date: string): Promise<InvestigatorTrials> {
  const view = await openPaymentsView(deps, date);
  const links = await researchLinks(deps, view, npi);
  const ctgov = getDataset(CTGOV_STUDIES);
  const trialsView = ctgov ? await viewOf(deps, ctgov, date) : undefined;
  const found =
    trialsView?.versions.length && links.length
      ? await lookupMany(
          deps,
          trialsView.dataset,
          'nct',
          links.map((l) => l.nct_id),
          trialsView.versions,
        )
      : new Map();
  const items = links.map((l): InvestigatorTrial => {
    const stored = found.get(l.nct_id)?.[0];
    const version = stored ? trialsView!.version(stored.version_id) : undefined;
    const s = stored?.value as unknown as StudyFields | undefined;
    return {
      ...l,
      trial:
        s && version
          ? {
              brief_title: s.brief_title,
              overall_status: s.overall_status,
              phases: s.phases,
              conditions: s.conditions,
              lead_sponsor: s.lead_sponsor,
              last_update_posted: s.last_update_posted,
              source: rowSourceOf(version, s.locator),
            }
          : null,
    };
  });
  const gaps = [
    ...view.gaps,
    ...(trialsView?.versions.length || trialsView?.gaps.length
      ? trialsView.gaps
      : [
          {
            source_id: CTGOV_STUDIES,
            doc_id: null,
            reason: 'not_loaded' as const,
            detail: 'No ClinicalTrials.gov set is in force: studies are listed by NCT id without their records.',
          },
        ]),
  ];
  return {
    npi,
    method: TRIAL_LINK_METHOD,
    items,
    sources: [...view.sourceVersions(), ...(trialsView?.sourceVersions() ?? [])],
    gaps,
    as_of: date,
    methodology_note: FINANCIAL_METHODOLOGY,
  };
}
