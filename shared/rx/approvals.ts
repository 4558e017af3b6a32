import { requireDataset } from '../catalog/datasets';
import { wholeListingKey } from '../catalog/listing-cache';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import type { ListingRow } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { DAF_DATASET, DAF_LOOKUP_KEY, type DafRow, type DafTable } from './approvals-rows';
import type {
  ApprovalDetail,
  ApprovalProduct,
  ApprovalSubmission,
  ApprovalSummary,
  ApprovalsPage,
} from './approvals-schemas';
import { contains, pageOf } from './list-text';
import { memoByRelease, readTable } from './release-memo';

export const DAF_METHODOLOGY =
  'Source: FDA Drugs@FDA data files (fda_drugsatfda), the weekly release in force on `as_of` (a release is in force from the day it was archived until the next; sponsor names, marketing status and TE codes are those of that release). Drugs@FDA covers prescription and OTC drugs approved under NDAs, ANDAs and therapeutic BLAs reviewed by CDER; it omits most biologics regulated by CBER, OTC monograph drugs and unapproved marketed drugs. `first_approval_date` is the status date of the original submission (ORIG) with status AP; some applications approved before 1984 carry later or missing dates in the source. `TA` (tentative approval) is not an approval: the product cannot be marketed until patents or exclusivities fall; such applications have no first approval date. Submissions are FDA actions, not filing dates. No suppression applies (no patient data). ';

/** The Drugs@FDA release as of the date: the view, or a 503 naming fda_drugsatfda when no table is in force. */
export async function dafView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(DAF_DATASET), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(`No Drugs@FDA release is loaded and in force on ${date}.`, {
      sources: ['fda_drugsatfda'],
      gaps: view.gaps,
    });
  }
  return view;
}

const rowsOf = (deps: Deps, view: DatasetView, table: DafTable) => readTable(deps, view, table);

const firstDate = (subs: readonly DafRow[], status: string) =>
  subs
    .filter((s) => s.submission_type === 'ORIG' && s.submission_status === status && s.submission_status_date)
    .map((s) => s.submission_status_date!)
    .sort()[0] ?? null;

const distinct = (xs: readonly (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();

/**
 * Every application of the release joined to its products and original submissions, ordered by
 * first approval date (nulls last) then appl_no: computed once per process and release set
 * (./release-memo.ts, keyed by the versions and their loader generations), then filtered per request.
 */
async function approvalSummaries(deps: Deps, view: DatasetView): Promise<ApprovalSummary[]> {
  const key = wholeListingKey(view.dataset, 'approvals:joined', view.versions, {});
  return memoByRelease(deps, key, async () => {
    const [apps, products, subs] = await Promise.all(
      (['applications', 'products', 'submissions'] as const).map((t) => rowsOf(deps, view, t)),
    );
    const group = (rows: ListingRow[]) => {
      const m = new Map<string, DafRow[]>();
      for (const r of rows) {
        const row = r.value as unknown as DafRow;
        const list = m.get(row.appl_no!) ?? [];
        list.push(row);
        m.set(row.appl_no!, list);
      }
      return m;
    };
    const prodBy = group(products!);
    const subsBy = group(subs!.filter((s) => (s.value as unknown as DafRow).submission_type === 'ORIG'));
    const out: ApprovalSummary[] = apps!.map((a) => {
      const app = a.value as unknown as DafRow;
      const prods = prodBy.get(app.appl_no!) ?? [];
      const orig = subsBy.get(app.appl_no!) ?? [];
      return {
        appl_no: app.appl_no!,
        appl_type: app.appl_type,
        sponsor_name: app.sponsor_name,
        drug_names: distinct(prods.map((p) => p.drug_name)),
        active_ingredients: distinct(prods.map((p) => p.active_ingredient)),
        product_count: prods.length,
        first_approval_date: firstDate(orig, 'AP'),
        tentative_approval_date: firstDate(orig, 'TA'),
        source: { ...a.source, locator: a.source.locator ?? { line: 0, record: 0 } },
      };
    });
    return out.sort(
      (x, y) =>
        cmpNullsLast(x.first_approval_date, y.first_approval_date) ||
        (x.appl_no < y.appl_no ? -1 : x.appl_no > y.appl_no ? 1 : 0),
    );
  });
}

function cmpNullsLast(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export interface ApprovalsQuery {
  sponsor?: string;
  drug_name?: string;
  active_ingredient?: string;
  appl_type?: 'NDA' | 'ANDA' | 'BLA';
  approved_from?: string;
  approved_to?: string;
  limit: number;
  offset: number;
}

/** The approvals list: applications of the release in force, filtered, by first approval date then appl_no. */
export async function listApprovals(deps: Deps, q: ApprovalsQuery, date: string): Promise<ApprovalsPage> {
  const view = await dafView(deps, date);
  const all = await approvalSummaries(deps, view);
  const windowed = q.approved_from !== undefined || q.approved_to !== undefined;
  const hits = all.filter(
    (a) =>
      (!q.appl_type || a.appl_type === q.appl_type) &&
      contains(a.sponsor_name, q.sponsor) &&
      (!q.drug_name || a.drug_names.some((n) => contains(n, q.drug_name))) &&
      (!q.active_ingredient || a.active_ingredients.some((n) => contains(n, q.active_ingredient))) &&
      (!windowed ||
        (a.first_approval_date !== null &&
          (!q.approved_from || a.first_approval_date >= q.approved_from) &&
          (!q.approved_to || a.first_approval_date <= q.approved_to))),
  );
  return {
    ...pageOf(hits, q),
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: DAF_METHODOLOGY,
  };
}

const SUB_TYPE_ORDER = (t: string | null) => (t === 'ORIG' ? 0 : 1);

/**
 * One application as of the date: its Applications row, every product with its marketing status
 * (MarketingStatus joined to its lookup) and TE code, and every submission, from one batch read of
 * the `appl_no` index over the tables in force. 404 when no table in force lists it.
 */
export async function approvalDetail(deps: Deps, applNo: string, date: string): Promise<ApprovalDetail> {
  const view = await dafView(deps, date);
  const found = await lookupMany(deps, view.dataset, 'appl_no', [applNo, DAF_LOOKUP_KEY], view.versions);
  const located = (key: string) =>
    (found.get(key) ?? []).flatMap((s) => {
      const v = view.version(s.version_id);
      return v
        ? [{ row: s.value as unknown as DafRow, source: rowSourceOf(v, (s.value as unknown as DafRow).locator) }]
        : [];
    });
  const rows = located(applNo);
  const of = (t: DafTable) => rows.filter((r) => r.row.table === t);
  const app = of('applications')[0];
  const products = of('products');
  if (!app && !products.length) {
    throw new NotFoundError(`Application ${applNo} is in no Drugs@FDA table in force on ${date}.`, { appl_no: applNo });
  }
  const statusName = new Map(
    located(DAF_LOOKUP_KEY).map((l) => [l.row.marketing_status_id ?? '', l.row.marketing_status]),
  );
  const statusOf = new Map(of('marketing_status').map((m) => [m.row.product_no, m.row.marketing_status_id]));
  const teOf = new Map(of('te').map((t) => [t.row.product_no, t.row.te_code]));
  const flag = (v: string | null) => (v === null ? null : v.trim() === '1');
  const productItems: ApprovalProduct[] = products
    .map(({ row: p, source }) => {
      const statusId = statusOf.get(p.product_no) ?? null;
      return {
        product_no: p.product_no!,
        drug_name: p.drug_name,
        active_ingredient: p.active_ingredient,
        form: p.form,
        strength: p.strength,
        reference_drug: flag(p.reference_drug),
        reference_standard: flag(p.reference_standard),
        te_code: teOf.get(p.product_no) ?? null,
        marketing_status_id: statusId,
        marketing_status: statusId ? (statusName.get(statusId) ?? null) : null,
        source,
        source_row: p.source_row,
      };
    })
    .sort((a, b) => (a.product_no < b.product_no ? -1 : 1));
  const subs = of('submissions');
  const submissions: ApprovalSubmission[] = subs
    .map(({ row: s, source }) => ({
      submission_type: s.submission_type,
      submission_no: s.submission_no,
      submission_status: s.submission_status,
      tentative: s.submission_status === 'TA',
      submission_status_date: s.submission_status_date,
      submission_class_code_id: s.submission_class_code_id,
      review_priority: s.review_priority,
      public_notes: s.public_notes,
      source,
    }))
    .sort(
      (a, b) =>
        cmpNullsLast(a.submission_status_date, b.submission_status_date) ||
        SUB_TYPE_ORDER(a.submission_type) - SUB_TYPE_ORDER(b.submission_type) ||
        Number(a.submission_no ?? 0) - Number(b.submission_no ?? 0),
    );
  const orig = subs.map((s) => s.row);
  return {
    appl_no: applNo,
    appl_type: app?.row.appl_type ?? null,
    sponsor_name: app?.row.sponsor_name ?? null,
    public_notes: app?.row.public_notes ?? null,
    first_approval_date: firstDate(orig, 'AP'),
    tentative_approval_date: firstDate(orig, 'TA'),
    products: productItems,
    submissions,
    source: app?.source ?? null,
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: DAF_METHODOLOGY,
  };
}
