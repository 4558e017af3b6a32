import type { ArticleRecord, LcdRecord } from './documents';

/**
 * Revision windows of LCD and article versions, per the MCD LCD and Article Download data
 * dictionaries (both "Last Updated: 4/29/2025"). A version applies to a date of service from its
 * start to its end, both days included:
 *
 * - start, LCD: `rev_eff_date` ("the date on which a particular revision of the determination went
 *   into effect"), not before `orig_det_eff_date`; `orig_det_eff_date` alone when no revision date.
 *   Article: `article_eff_date`.
 * - end, LCD: the earliest of `rev_end_date` ("no longer effective"), `ent_det_end_date` (the
 *   determination ends) and `date_retired`. Article: the earliest of `article_rev_end_date`,
 *   `article_end_date` ("retired or replaced by a newer version") and `date_retired`. A stated end
 *   is the last day the version applies, so a successor starting the next day leaves no gap and no
 *   overlap. A later revision of the same document in the same table ends the window the day before
 *   it starts, even when no end is stated (the later publication supersedes), and a higher version
 *   starting on the same day supersedes the version entirely.
 *
 * What cannot be dated is never treated as in force: no start date, a version whose status is `R`
 * (retired) with no end date, or (at load time) no document table or no row for the version.
 * The window is stored in the fact's value; the warrant's documentation block reads it (`windowOn`,
 * `describeWindow` in shared/warrant/blocks/documentation.ts).
 */
export type WindowStatus =
  | 'known'
  | 'superseded'
  | 'no_effective_date'
  | 'retired_without_date'
  | 'document_table_not_archived'
  | 'document_row_missing';

export type WindowEndBasis =
  | 'rev_end_date'
  | 'ent_det_end_date'
  | 'date_retired'
  | 'article_rev_end_date'
  | 'article_end_date'
  | 'next_revision';

export interface RevisionWindow {
  status: WindowStatus;
  /** First day the version applies (null when not known). */
  from: string | null;
  /** Last day the version applies, included; null when open (or not known). */
  to: string | null;
  /** Which field (or the next revision) set `to`. */
  end_basis: WindowEndBasis | null;
  /** For `superseded`: the version that starts the same day. */
  superseded_by: number | null;
}

interface Dated {
  id: number;
  version: number;
  from: string | null;
  ends: { basis: WindowEndBasis; date: string | null }[];
  retired: boolean;
}

export const windowKey = (id: number, version: number) => `${id}:${version}`;

export function unknownWindow(status: Exclude<WindowStatus, 'known' | 'superseded'>): RevisionWindow {
  return { status, from: null, to: null, end_basis: null, superseded_by: null };
}

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Earliest stated end; on the same day the retirement or determination end names the basis first. */
function statedEnd(ends: Dated['ends']): { date: string; basis: WindowEndBasis } | null {
  let best: { date: string; basis: WindowEndBasis } | null = null;
  for (const e of ends) if (e.date && (!best || e.date < best.date)) best = { date: e.date, basis: e.basis };
  return best;
}

function windows(rows: Dated[]): Map<string, RevisionWindow> {
  const byDoc = new Map<number, Dated[]>();
  for (const r of rows) byDoc.set(r.id, [...(byDoc.get(r.id) ?? []), r]);
  const out = new Map<string, RevisionWindow>();
  for (const r of rows) {
    const key = windowKey(r.id, r.version);
    if (!r.from) {
      out.set(key, unknownWindow('no_effective_date'));
      continue;
    }
    const from = r.from;
    const siblings = (byDoc.get(r.id) ?? []).filter((o) => o !== r && o.from);
    const sameDay = siblings.filter((o) => o.from === from && o.version > r.version).map((o) => o.version);
    if (sameDay.length) {
      out.set(key, { status: 'superseded', from, to: null, end_basis: null, superseded_by: Math.max(...sameDay) });
      continue;
    }
    let end = statedEnd(r.ends);
    const next = siblings
      .map((o) => o.from!)
      .filter((f) => f > from)
      .sort()[0];
    if (next && (!end || dayBefore(next) < end.date)) end = { date: dayBefore(next), basis: 'next_revision' };
    if (!end && r.retired) {
      out.set(key, { ...unknownWindow('retired_without_date'), from });
      continue;
    }
    out.set(key, { status: 'known', from, to: end?.date ?? null, end_basis: end?.basis ?? null, superseded_by: null });
  }
  return out;
}

const retired = (status: string | null) => (status ?? '').toUpperCase() === 'R';

/** The window of every LCD version in lcd.csv, keyed `lcd_id:lcd_version`. */
export function lcdWindows(rows: Iterable<LcdRecord>): Map<string, RevisionWindow> {
  return windows(
    [...rows].map((l) => {
      // The later of the two dates (ISO strings sort as dates); either alone when the other is empty.
      const starts = [l.revision_effective_date, l.original_effective_date].filter((d): d is string => !!d).sort();
      return {
        id: l.lcd_id,
        version: l.lcd_version,
        from: starts.at(-1) ?? null,
        ends: [
          { basis: 'date_retired', date: l.date_retired },
          { basis: 'ent_det_end_date', date: l.end_date },
          { basis: 'rev_end_date', date: l.revision_end_date },
        ],
        retired: retired(l.status),
      };
    }),
  );
}

/** The window of every article version in article.csv, keyed `article_id:article_version`. */
export function articleWindows(rows: Iterable<ArticleRecord>): Map<string, RevisionWindow> {
  return windows(
    [...rows].map((a) => ({
      id: a.article_id,
      version: a.article_version,
      from: a.effective_date,
      ends: [
        { basis: 'date_retired', date: a.date_retired },
        { basis: 'article_end_date', date: a.end_date },
        { basis: 'article_rev_end_date', date: a.revision_end_date },
      ],
      retired: retired(a.status),
    })),
  );
}
