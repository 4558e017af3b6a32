import { requireDataset } from '../catalog/datasets';
import { type ListingRow, readWholeListing } from '../catalog/query';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { CHOW_DATASET, type ChowRow } from './chow-rows';
import { filingUrl } from './company-read';
import { SEC_COMPANIES, type SecCompanyRow } from './company-rows';
import { nameKey } from './financials';
import type { MaEvent, MaEvents } from './ma-event-schemas';

/** Days a CHOW effective date may precede (or follow) the 8-K report date and still be the same deal. */
export const MATCH_BEFORE_DAYS = 30;
export const MATCH_AFTER_DAYS = 5;
export const MA_RULE = `An 8-K and a CHOW record are one deal when the filer's name equals the CHOW buyer's or seller's organization or doing-business-as name (letters and digits compared, case ignored; confidence 0.95 when equal as written, 0.85 when equal once corporate suffixes such as Inc, Corp, LLC, Holdings are dropped) and the CHOW effective date falls from ${MATCH_BEFORE_DAYS} days before to ${MATCH_AFTER_DAYS} days after the 8-K's report date (an 8-K item 2.01 is due within four business days of completion). A CHOW record joins the closest such 8-K; an 8-K may gather several CHOW records (a system buying several facilities).`;

export const MA_METHODOLOGY = `Events from SEC EDGAR 8-K filings reporting item 2.01 (Completion of Acquisition or Disposition of Assets) by the healthcare filers of the submissions file (its recent filings: at least the last year or 1,000 filings per filer), and from the CMS Hospital and SNF change of ownership files (PECOS enrollments: a CHOW, an acquisition/merger or a consolidation of a Medicare-enrolled facility). ${MA_RULE} An 8-K alone does not say whether the filer bought or sold: it is typed acquisition_or_disposition unless a CHOW record shows the side. Announced deals (item 1.01) and deals of non-healthcare filers are not events here; CHOW covers Medicare-enrolled hospitals and SNFs only.`;

const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * DAY).toISOString().slice(0, 10);
const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / DAY);

export interface MaQuery {
  since: string;
  until: string;
  type?: MaEvent['event_type'];
  source?: 'sec_edgar' | 'cms_chow';
  limit: number;
  offset: number;
}

function names(p: ChowRow['buyer']): string[] {
  return [p.organization_name, p.doing_business_as].filter((x): x is string => !!x);
}

/** The name match of a filer and a CHOW party: 0.95 exact, 0.85 without suffixes, 0 none. */
function nameScore(company: string, party: ChowRow['buyer']): number {
  const ns = names(party);
  if (ns.some((n) => nameKey(n) === nameKey(company))) return 0.95;
  if (ns.some((n) => nameKey(n, true) === nameKey(company, true) && nameKey(company, true) !== '')) return 0.85;
  return 0;
}

type Filing = { row: SecCompanyRow; source: MaEvent['filings'][number]['source'] };
type Chow = { row: ChowRow; source: MaEvent['chow_records'][number]['source'] };

const sourceOf = (r: ListingRow) => ({ ...r.source, locator: r.source.locator ?? { line: 0, record: 0 } });

function filingOut(f: Filing): MaEvent['filings'][number] {
  const r = f.row;
  return {
    cik: r.cik,
    company: r.name,
    accession_number: r.accession_number ?? '',
    form: r.form ?? '',
    filing_date: r.filing_date,
    report_date: r.report_date,
    items: r.items,
    url: filingUrl(r.cik, r.accession_number ?? ''),
    source: f.source,
  };
}

function chowOut(c: Chow): MaEvent['chow_records'][number] {
  const p = (x: ChowRow['buyer']) => ({
    organization_name: x.organization_name,
    doing_business_as: x.doing_business_as,
    enrollment_id: x.enrollment_id,
    npi: x.npi,
    ccn: x.ccn,
  });
  return {
    facility_type: c.row.facility_type,
    ccn: c.row.seller.ccn ?? c.row.buyer.ccn,
    chow_type: c.row.chow_type,
    effective_date: c.row.effective_date,
    buyer: p(c.row.buyer),
    seller: p(c.row.seller),
    source: c.source,
  };
}

/** A side the sources do not name (an 8-K alone: the filer is in `filings`). */
const UNKNOWN = { name: null, cik: null, ticker: null, enrollment_id: null };
const chowParty = (p: ChowRow['buyer']) => ({
  name: p.organization_name,
  cik: null,
  ticker: null,
  enrollment_id: p.enrollment_id,
});
const facilityOf = (c: Chow) => ({
  ccn: c.row.seller.ccn ?? c.row.buyer.ccn,
  name: c.row.seller.doing_business_as ?? c.row.buyer.doing_business_as ?? c.row.seller.organization_name,
  facility_type: c.row.facility_type,
});

/** Merges the 8-Ks and CHOW records of a window into events (the rule is MA_RULE). */
export function mergeEvents(filings: readonly Filing[], chows: readonly Chow[]): MaEvent[] {
  // Each CHOW record joins its best 8-K: highest confidence, then closest date, then accession number.
  const joined = new Map<Filing, { chow: Chow; role: 'buyer' | 'seller'; score: number; gap: number }[]>();
  const taken = new Set<Chow>();
  for (const c of chows) {
    if (!c.row.effective_date) continue;
    let best: { f: Filing; role: 'buyer' | 'seller'; score: number; gap: number } | null = null;
    for (const f of filings) {
      const ref = f.row.report_date ?? f.row.filing_date;
      if (!ref) continue;
      const gap = days(ref, c.row.effective_date);
      if (gap < -MATCH_AFTER_DAYS || gap > MATCH_BEFORE_DAYS) continue;
      for (const role of ['buyer', 'seller'] as const) {
        const score = nameScore(f.row.name, c.row[role]);
        if (!score) continue;
        const better =
          !best ||
          score > best.score ||
          (score === best.score && Math.abs(gap) < Math.abs(best.gap)) ||
          (score === best.score &&
            Math.abs(gap) === Math.abs(best.gap) &&
            (f.row.accession_number ?? '') < (best.f.row.accession_number ?? ''));
        if (better) best = { f, role, score, gap };
      }
    }
    if (!best) continue;
    taken.add(c);
    joined.set(best.f, [...(joined.get(best.f) ?? []), { chow: c, role: best.role, score: best.score, gap: best.gap }]);
  }
  const events: MaEvent[] = [];
  for (const f of filings) {
    const company = { name: f.row.name, cik: f.row.cik, ticker: f.row.ticker, enrollment_id: null };
    const js = joined.get(f) ?? [];
    const first = js[0];
    const role = first && js.every((j) => j.role === first.role) ? first.role : null;
    const counter = first ? (role === 'seller' ? first.chow.row.buyer : first.chow.row.seller) : null;
    const dates = js.map((j) => j.chow.row.effective_date!).sort();
    events.push({
      event_id: `sec:${f.row.accession_number}`,
      event_type: role === 'buyer' ? 'acquisition' : role === 'seller' ? 'divestiture' : 'acquisition_or_disposition',
      date: dates.at(-1) ?? f.row.report_date ?? f.row.filing_date ?? '',
      acquirer: role === 'buyer' ? company : role === 'seller' && counter ? chowParty(counter) : UNKNOWN,
      divestor: role === 'seller' ? company : role === 'buyer' && counter ? chowParty(counter) : UNKNOWN,
      facilities: js.map((j) => facilityOf(j.chow)),
      filings: [filingOut(f)],
      chow_records: js.map((j) => chowOut(j.chow)),
      match: js.length
        ? {
            rule: 'name_and_date_window',
            confidence: Math.min(...js.map((j) => j.score)),
            detail: js
              .map(
                (j) =>
                  `${j.chow.row.facility_type} CHOW of ${facilityOf(j.chow).ccn ?? 'no CCN'}: ${j.role} ${j.chow.row[j.role].organization_name} = filer ${f.row.name} (${j.score}); effective ${j.chow.row.effective_date}, ${j.gap} days before the report date`,
              )
              .join('; '),
          }
        : null,
    });
  }
  for (const c of chows) {
    if (taken.has(c) || !c.row.effective_date) continue;
    events.push({
      event_id: `chow:${c.row.facility_type}:${c.row.buyer.enrollment_id ?? '-'}:${c.row.seller.enrollment_id ?? '-'}:${c.row.effective_date}`,
      event_type: 'acquisition',
      date: c.row.effective_date,
      acquirer: chowParty(c.row.buyer),
      divestor: chowParty(c.row.seller),
      facilities: [facilityOf(c)],
      filings: [],
      chow_records: [chowOut(c)],
      match: null,
    });
  }
  return events;
}

/**
 * Recent acquisition and divestiture events (issue 22 point 5) in [since, until]: the 8-K item 2.01
 * filings and CHOW records of a slightly wider window (so a deal at the edge still merges) read whole,
 * merged, filtered, newest first (then event id: unique) and paged by offset.
 */
export async function recentMaEvents(deps: Deps, date: string, q: MaQuery): Promise<MaEvents> {
  const [sec, chow] = await viewsOf(deps, [
    { dataset: requireDataset(SEC_COMPANIES), date },
    { dataset: requireDataset(CHOW_DATASET), date },
  ]);
  const views = [sec!, chow!] as DatasetView[];
  if (!sec!.versions.length && !chow!.versions.length) {
    throw new SourceNotLoadedError(
      `Neither sec_edgar (SEC EDGAR) nor cms_chow (CMS CHOW) is loaded and in force on ${date}.`,
      {
        sources: ['sec_edgar', 'cms_chow'],
        gaps: views.flatMap((v) => v.gaps),
      },
    );
  }
  const from = addDays(q.since, -MATCH_AFTER_DAYS - MATCH_BEFORE_DAYS);
  const to = addDays(q.until, MATCH_BEFORE_DAYS + MATCH_AFTER_DAYS);
  const [filingRows, chowRows] = await Promise.all([
    sec!.versions.length
      ? readWholeListing(deps, sec!.dataset, 'ma_filings', {
          versions: sec!,
          filters: { kind: 'ma_filing', filing_date: { gte: from, lte: to } },
        })
      : [],
    chow!.versions.length
      ? readWholeListing(deps, chow!.dataset, 'events', {
          versions: chow!,
          filters: { effective_date: { gte: from, lte: to } },
        })
      : [],
  ]);
  const filings = filingRows.map((r) => ({ row: r.value as unknown as SecCompanyRow, source: sourceOf(r) }));
  const chows = chowRows.map((r) => ({ row: r.value as unknown as ChowRow, source: sourceOf(r) }));
  const all = mergeEvents(filings, chows)
    .filter(
      (e) =>
        e.date >= q.since &&
        e.date <= q.until &&
        (!q.type || e.event_type === q.type) &&
        (!q.source || (q.source === 'sec_edgar' ? e.filings.length > 0 : e.chow_records.length > 0)),
    )
    .sort((a, b) => b.date.localeCompare(a.date) || a.event_id.localeCompare(b.event_id));
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    since: q.since,
    until: q.until,
    sources: views.flatMap((v) => v.sourceVersions()),
    gaps: views.flatMap((v) => v.gaps),
    as_of: date,
    methodology_note: MA_METHODOLOGY,
  };
}
