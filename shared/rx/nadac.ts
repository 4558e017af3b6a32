import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type CatalogSourceVersion, rowSourceOf } from '../catalog/provenance';
import { largestMoves, seriesHistory } from '../catalog/series-read';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError, ValidationError } from '../http/errors';
import {
  NADAC_DATASET,
  NADAC_METHODOLOGY,
  NADAC_MOVES_KEPT,
  NADAC_SERIES,
  type NadacRow,
  readRatePoint,
} from './nadac-rows';
import type { NadacMover, NadacMovers, NadacPoint, NadacRate, NadacSeries } from './schemas';

const bad = (param: string, msg: string) => ValidationError.single('query', param, msg);
const pct = (relative: number) => Math.round(relative * 100 * 10_000) / 10_000;

/** The NADAC weekly files as of the date: the view, or a 503 naming medicaid_nadac when no file is in force. */
export async function nadacView(deps: Deps, date: string, required = true): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(NADAC_DATASET), date);
  if (required && !view.versions.length) {
    throw new SourceNotLoadedError(`No NADAC weekly file is loaded and in force on ${date}.`, {
      sources: ['medicaid_nadac'],
      gaps: view.gaps,
    });
  }
  return view;
}

/** A version of the view's timelines with the loader generation its rows were written under (for lookups). */
function loadedVersion(view: DatasetView, id: number): CatalogVersion | undefined {
  const v = view.version(id);
  if (!v) return undefined;
  if (v.generation) return v;
  const loaded = view.timelines.get(v.source_id)?.loaded.get(id);
  return loaded ? { ...v, generation: loaded.generation } : undefined;
}

/** The NADAC rows of the NDCs in one version each (`versionOf` picks it per NDC), by ndc11. */
async function ratesIn(
  deps: Deps,
  view: DatasetView,
  wanted: readonly { ndc11: string; version: CatalogVersion }[],
): Promise<Map<string, NadacRate>> {
  const out = new Map<string, NadacRate>();
  const versions = [...new Map(wanted.map((w) => [w.version.version_id, w.version])).values()];
  if (!versions.length) return out;
  const found = await lookupMany(
    deps,
    view.dataset,
    'ndc11',
    wanted.map((w) => w.ndc11),
    versions,
  );
  for (const w of wanted) {
    const stored = found.get(w.ndc11)?.find((r) => r.version_id === w.version.version_id);
    if (!stored) continue;
    const row = stored.value as unknown as NadacRow;
    out.set(w.ndc11, {
      nadac_per_unit: row.nadac_per_unit,
      effective_date: row.effective_date,
      pricing_unit: row.pricing_unit,
      classification_for_rate_setting: row.classification_for_rate_setting,
      ndc_description: row.ndc_description,
      as_of_date: row.as_of_date,
      source: rowSourceOf(w.version, row.locator),
    });
  }
  return out;
}

/** The rate of each NDC in the weekly file in force on the view's date (absent: not listed there). */
export async function currentRates(deps: Deps, view: DatasetView, ndc11s: readonly string[]) {
  const v = view.versions[0];
  return v
    ? ratesIn(
        deps,
        view,
        ndc11s.map((ndc11) => ({ ndc11, version: v })),
      )
    : new Map<string, NadacRate>();
}

const shortSource = (s: CatalogSourceVersion) => ({
  source_id: s.source_id,
  doc_id: s.doc_id,
  version_id: s.version_id,
  sha256: s.sha256,
  publisher_version: s.publisher_version,
});

/**
 * The change-only NADAC series of one NDC as of the date: a point per weekly file (up to the one
 * in force) where its per-unit cost or effective date changed, or where it entered or left the
 * file, oldest first, read from the `rate` series history computed at load. 404 when no loaded
 * file up to the date ever listed the NDC.
 */
export async function nadacSeries(
  deps: Deps,
  ndc11: string,
  q: { limit: number; cursor?: string },
  date: string,
): Promise<NadacSeries> {
  const view = await nadacView(deps, date);
  const [history, current] = await Promise.all([
    seriesHistory(deps, view.dataset, NADAC_SERIES.rate, {
      key: { ndc11 },
      to: date,
      limit: q.limit,
      cursor: q.cursor,
    }),
    currentRates(deps, view, [ndc11]).then((m) => m.get(ndc11) ?? null),
  ]);
  if (!history.items.length && !current && !q.cursor) {
    throw new NotFoundError(`NDC ${ndc11} is in no NADAC weekly file loaded up to ${date}.`, { ndc11 });
  }
  const points: NadacPoint[] = history.items.map((it) => {
    const now = readRatePoint(it.value);
    const before = readRatePoint(it.previous);
    return {
      change: it.change,
      nadac_per_unit: now?.nadac_per_unit ?? null,
      effective_date: now?.effective_date ?? null,
      previous_nadac_per_unit: before?.nadac_per_unit ?? null,
      previous_effective_date: before?.effective_date ?? null,
      pct_change:
        now && before && before.nadac_per_unit !== 0
          ? pct((now.nadac_per_unit - before.nadac_per_unit) / Math.abs(before.nadac_per_unit))
          : null,
      published_in: it.effective_from,
      source: shortSource(it.source),
    };
  });
  const listed = new Map<number, CatalogSourceVersion>();
  for (const it of history.items) listed.set(it.source.version_id, it.source);
  for (const s of view.sourceVersions()) listed.set(s.version_id, s);
  return {
    ndc11,
    ndc_description: current?.ndc_description ?? null,
    current,
    points,
    limit: history.limit,
    next_cursor: history.next_cursor,
    weekly_files: history.versions,
    sources: [...listed.values()].sort((a, b) => a.version_id - b.version_id),
    gaps: view.gaps,
    as_of: date,
    methodology_note: NADAC_METHODOLOGY,
  };
}

/** Longest window /rx/nadac/movers reads (it reads up to 1,000 kept moves per weekly file of the window). */
export const MAX_WINDOW_DAYS = 92;
const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

export interface MoversQuery {
  from?: string;
  to?: string;
  window?: string;
  direction: 'up' | 'down' | 'both';
  min_pct_change: number;
  limit: number;
  offset: number;
}

/** The window asked for: `from`/`to`, or `window` days (`30d`, `4w`) ending on `to` (default the date). */
export function moversWindow(q: Pick<MoversQuery, 'from' | 'to' | 'window'>, date: string): [string, string] {
  const to = q.to ?? date;
  if (to > date) throw bad('to', `is after as_of (${date}): weekly files published later are not in force`);
  if (q.from !== undefined && q.window !== undefined) throw bad('window', 'give either from or window, not both');
  let from = q.from;
  if (from === undefined) {
    const m = /^(\d{1,3})([dw])$/.exec(q.window ?? '28d');
    if (!m) throw bad('window', 'expected a number of days or weeks, e.g. 30d or 4w');
    const days = Number(m[1]) * (m[2] === 'w' ? 7 : 1);
    if (days < 1 || days > MAX_WINDOW_DAYS) throw bad('window', `must be 1 to ${MAX_WINDOW_DAYS} days`);
    from = addDays(to, -(days - 1));
  }
  if (from > to) throw bad('from', 'is after to');
  if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_WINDOW_DAYS)
    throw bad('from', `the window is at most ${MAX_WINDOW_DAYS} days`);
  return [from, to];
}

/**
 * The largest NADAC moves of a window: the per-unit cost changes that weekly files published in
 * the window (a file's as-of date from `from` to `to`, each compared with the file before it), each
 * NDC once at its largest move, ranked by percent change (largest first, ties by ndc11), read from
 * the moves computed when each file loaded (the top 1,000 per file by percent change): nothing is
 * computed per request but the merge of the window's files and the page's descriptions.
 */
export async function nadacMovers(deps: Deps, q: MoversQuery, date: string): Promise<NadacMovers> {
  const [from, to] = moversWindow(q, date);
  const view = await nadacView(deps, date);
  const moves = await largestMoves(deps, view.dataset, NADAC_SERIES.price, {
    from,
    to,
    by: 'rel',
    limit: NADAC_MOVES_KEPT,
    direction: q.direction,
    min: q.min_pct_change / 100,
  });
  const page = moves.items.slice(q.offset, q.offset + q.limit);
  const wanted = page.flatMap((m) => {
    const v = loadedVersion(view, m.source.version_id);
    return v ? [{ ndc11: String(m.key.ndc11), version: v }] : [];
  });
  const rates = await ratesIn(deps, view, wanted);
  const items: NadacMover[] = page.map((m, i) => {
    const ndc11 = String(m.key.ndc11);
    const r = rates.get(ndc11);
    return {
      rank: q.offset + i + 1,
      ndc11,
      ndc_description: r?.ndc_description ?? null,
      direction: m.change > 0 ? 'up' : 'down',
      from_nadac_per_unit: m.from,
      to_nadac_per_unit: m.to,
      change: Math.round(m.change * 1e6) / 1e6,
      pct_change: pct(m.relative_change ?? 0),
      effective_date: r?.effective_date ?? null,
      pricing_unit: r?.pricing_unit ?? null,
      classification_for_rate_setting: r?.classification_for_rate_setting ?? null,
      published_in: m.effective_from,
      previous_version_id: m.previous_version_id,
      source: shortSource(m.source),
    };
  });
  const exactAbove = moves.exact_above === null ? null : pct(moves.exact_above);
  const listed = new Map<number, CatalogSourceVersion>();
  for (const s of moves.sources) listed.set(s.version_id, s);
  for (const s of view.sourceVersions()) listed.set(s.version_id, s);
  const total = moves.items.length;
  return {
    items,
    total,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < total ? q.offset + items.length : null,
    from,
    to,
    direction: q.direction,
    min_pct_change: q.min_pct_change,
    complete: exactAbove === null || q.min_pct_change > exactAbove,
    exact_above_pct: exactAbove,
    sources: [...listed.values()].sort((a, b) => a.version_id - b.version_id),
    gaps: view.gaps,
    as_of: date,
    methodology_note: `${NADAC_METHODOLOGY} Movers: a move is the change of an NDC's per-unit cost from one weekly file to the next, dated by the later file's as-of date (\`published_in\`); an NDC is ranked once, at its largest move in the window (not the net change over it), by percent change.`,
  };
}
