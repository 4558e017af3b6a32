import { z } from '@hono/zod-openapi';
import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';
import { cursorBinding, readCursor, writeCursor } from '../http/cursor';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { LEADERBOARD_LISTING, MIPS_DATASET, type MipsRow, QUALITY_METHODOLOGY } from './quality-rows';
import type { ClinicianQuality, Leaderboard, MipsScore } from './quality-schemas';

/** The MIPS files in force on the date; none is a 503 naming cms_qpp_mips. */
export async function mipsView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(MIPS_DATASET), date);
  if (!view.versions.length)
    throw new SourceNotLoadedError(`No MIPS performance file of cms_qpp_mips is loaded and in force on ${date}.`, {
      sources: [MIPS_DATASET],
      gaps: view.gaps,
    });
  return view;
}

function scoreOf(row: MipsRow, source: MipsScore['source'], year: string | null): MipsScore {
  const { locator: _l, leader_key: _k, placed_with: _p, file_practice_state: _s, file_specialty: _f, ...rest } = row;
  return { ...rest, performance_year: year, source };
}

/** Every MIPS row of the NPI in the view's versions (one batched read), newest year first, then PAC ID. */
export async function scoresOf(deps: Deps, view: DatasetView, npi: string): Promise<MipsScore[]> {
  const found = await lookupMany(deps, view.dataset, 'npi', [npi], view.versions);
  return scoresFrom(view, found.get(npi) ?? []);
}

/** The stored MIPS rows of one NPI (a `lookupMany` answer) as scores, newest year first, then PAC ID. */
export function scoresFrom(view: DatasetView, stored: readonly StoredRow[]): MipsScore[] {
  const out: MipsScore[] = [];
  for (const r of stored) {
    const v = view.version(r.version_id);
    if (!v) continue;
    const row = r.value as unknown as MipsRow;
    out.push(scoreOf(row, rowSourceOf(v, row.locator), v.publisher_version));
  }
  return out.sort(
    (a, b) =>
      (b.performance_year ?? '').localeCompare(a.performance_year ?? '') ||
      (a.org_pac_id ?? '').localeCompare(b.org_pac_id ?? '') ||
      a.source.version_id - b.source.version_id ||
      a.source.locator!.record - b.source.locator!.record,
  );
}

/** The highest final score of the newest performance year listed. */
export function bestOf(scores: readonly MipsScore[]): { year: string | null; best: number | null } {
  const year = scores[0]?.performance_year ?? null;
  const finals = scores.filter((s) => s.performance_year === year && s.final_score !== null).map((s) => s.final_score!);
  return { year, best: finals.length ? Math.max(...finals) : null };
}

/** `/quality/{npi}`: the NPI's MIPS rows in force; an NPI no file in force lists is a 404. */
export async function clinicianQuality(deps: Deps, npi: string, date: string): Promise<ClinicianQuality> {
  const view = await mipsView(deps, date);
  const scores = await scoresOf(deps, view, npi);
  if (!scores.length)
    throw new NotFoundError(`NPI ${npi} is not in the MIPS performance files in force on ${date}.`, { npi });
  return {
    npi,
    best_final_score: bestOf(scores).best,
    scores,
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: QUALITY_METHODOLOGY,
  };
}

export interface LeaderboardQuery {
  state?: string;
  min_volume?: number;
  limit?: number;
  cursor?: string;
}

const RankState = z.object({ c: z.string(), n: z.number().int(), t: z.number().int(), s: z.number().nullable() });

/**
 * `/quality/leaderboards/{specialty}`: the specialty's partition of the leaderboard listing (built
 * at load), filtered by state and Medicare patients, in leader_key order (final score descending,
 * NPI, PAC ID: unique). The page cursor carries the rank reached so ranks continue across pages.
 * A specialty no file in force lists (first page, no filter) is a 404.
 */
export async function leaderboard(
  deps: Deps,
  specialty: string,
  date: string,
  q: LeaderboardQuery,
): Promise<Leaderboard> {
  const view = await mipsView(deps, date);
  const binding = cursorBinding('quality-leaderboard', specialty, q.state ?? '', q.min_volume ?? '', date);
  const state = q.cursor ? readCursor(q.cursor, binding, RankState) : null;
  const page = await queryListing(deps, view.dataset, LEADERBOARD_LISTING, {
    versions: view,
    filters: {
      specialty: { eq: specialty },
      state: q.state === undefined ? undefined : { eq: q.state },
      medicare_patients: q.min_volume === undefined ? undefined : { gte: q.min_volume },
    },
    limit: q.limit,
    cursor: state?.c,
  });
  let n = state?.n ?? 0;
  let tie = state?.t ?? 0;
  let last = state?.s ?? null;
  const items = page.items
    .map((it) => ({ row: it.value as unknown as MipsRow, source: it.source }))
    .filter(({ row }) => row.final_score !== null)
    .map(({ row, source }) => {
      n += 1;
      if (row.final_score !== last) tie = n;
      last = row.final_score;
      const v = view.version(source.version_id);
      return { ...scoreOf(row, source, v?.publisher_version ?? null), rank: n, tie_rank: tie };
    });
  if (!q.cursor && !items.length && !page.next_cursor && q.state === undefined && q.min_volume === undefined)
    throw new NotFoundError(`No clinician of specialty ${specialty} is in the MIPS files in force on ${date}.`, {
      specialty,
    });
  return {
    specialty,
    items,
    limit: page.limit,
    next_cursor: page.next_cursor ? writeCursor(binding, { c: page.next_cursor, n, t: tie, s: last }) : null,
    scanned: page.scanned,
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: QUALITY_METHODOLOGY,
  };
}
