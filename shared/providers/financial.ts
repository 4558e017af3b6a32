import { requireDataset } from '../catalog/datasets';
import { queryListing, readWholeListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import type { FinancialAffiliation, Payment } from './financial-schemas';
import {
  FINANCIAL_METHODOLOGY,
  OPEN_PAYMENTS_DATASET,
  PAYMENT_SUMMARY,
  PAYMENTS_LISTING,
  type PaymentRow,
} from './payment-rows';

/** Open Payments files in force on the date; none is a 503 naming cms_open_payments. */
export async function openPaymentsView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(OPEN_PAYMENTS_DATASET), date);
  if (!view.versions.length)
    throw new SourceNotLoadedError(
      `No Open Payments detail file of cms_open_payments is loaded and in force on ${date}.`,
      {
        sources: [OPEN_PAYMENTS_DATASET],
        gaps: view.gaps,
      },
    );
  return view;
}

export function paymentOf(row: PaymentRow, source: Payment['source']): Payment {
  return {
    kind: row.kind,
    role: row.role,
    record_id: row.record_id,
    program_year: row.program_year,
    change_type: row.change_type,
    payer: row.payer,
    payer_id: row.payer_id,
    amount_usd: row.amount,
    date: row.date,
    nature: row.nature,
    form: row.form,
    nct_id: row.nct_id,
    study_name: row.study_name,
    value_of_interest_usd: row.value_of_interest,
    source,
  };
}

export interface FinancialQuery {
  program_year?: number;
  kind?: 'general' | 'research' | 'ownership';
  payer?: string;
  nature?: string;
  limit?: number;
  cursor?: string;
}

const eq = (v: string | number | undefined): FilterInput | undefined => (v === undefined ? undefined : { eq: v });
const cents = (n: number) => Math.round(n * 100) / 100;

function totalsBy(groups: readonly { key: string; payments: number; total: number }[]) {
  const m = new Map<string, { payments: number; total: number }>();
  for (const g of groups) {
    const t = m.get(g.key) ?? { payments: 0, total: 0 };
    t.payments += g.payments;
    t.total += g.total;
    m.set(g.key, t);
  }
  return [...m]
    .map(([key, t]) => ({ key, payments: t.payments, total_usd: cents(t.total) }))
    .sort((a, b) => b.total_usd - a.total_usd || (a.key < b.key ? -1 : 1));
}

/**
 * `/provider/{npi}/financial-affiliation`: the NPI's payment groups (rolled up at load, one
 * partition read), totals of what it received by year, payer and nature, and one page of its rows
 * (newest first, filtered by year, kind, payer, nature). An NPI with no payments in the files in
 * force is an empty answer, not a 404: Open Payments lists payers' reports, and no report is a fact.
 */
export async function financialAffiliation(
  deps: Deps,
  npi: string,
  date: string,
  q: FinancialQuery,
): Promise<FinancialAffiliation> {
  const view = await openPaymentsView(deps, date);
  const filters = {
    npi: eq(npi),
    program_year: eq(q.program_year),
    kind: eq(q.kind),
    payer: eq(q.payer),
    nature: eq(q.nature),
  };
  const [groupRows, page] = await Promise.all([
    readWholeListing(deps, view.dataset, PAYMENT_SUMMARY, { versions: view, filters: { npi: eq(npi) } }),
    queryListing(deps, view.dataset, PAYMENTS_LISTING, { versions: view, filters, limit: q.limit, cursor: q.cursor }),
  ]);
  const groups = groupRows
    .map((it) => {
      const v = it.value as Record<string, unknown>;
      const g = {
        program_year: (v.program_year as number | null) ?? null,
        kind: v.kind as PaymentRow['kind'],
        role: v.role as PaymentRow['role'],
        payer: String(v.payer),
        nature: String(v.nature),
        payments: Number(v.payments ?? 0),
        total_usd: v.total_usd === null || v.total_usd === undefined ? null : cents(Number(v.total_usd)),
      };
      const link = new URLSearchParams({ kind: g.kind, payer: g.payer, nature: g.nature });
      if (g.program_year !== null) link.set('program_year', String(g.program_year));
      return { ...g, rows: `/provider/${npi}/financial-affiliation?${link.toString()}` };
    })
    .sort(
      (a, b) =>
        (b.total_usd ?? 0) - (a.total_usd ?? 0) ||
        (b.program_year ?? 0) - (a.program_year ?? 0) ||
        a.rows.localeCompare(b.rows),
    )
    .slice(0, 1000);
  const received = groups
    .filter((g) => g.role !== 'principal_investigator')
    .map((g) => ({ ...g, total: g.total_usd ?? 0 }));
  return {
    npi,
    totals: {
      payments: received.reduce((s, g) => s + g.payments, 0),
      total_usd: cents(received.reduce((s, g) => s + g.total, 0)),
      by_year: totalsBy(received.map((g) => ({ ...g, key: String(g.program_year ?? 'unknown') }))),
      by_payer: totalsBy(received.map((g) => ({ ...g, key: g.payer }))),
      by_nature: totalsBy(received.map((g) => ({ ...g, key: g.nature }))),
    },
    groups,
    payments: {
      items: page.items.map((it) => paymentOf(it.value as unknown as PaymentRow, it.source)),
      limit: page.limit,
      next_cursor: page.next_cursor,
      scanned: page.scanned,
    },
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: FINANCIAL_METHODOLOGY,
  };
}
