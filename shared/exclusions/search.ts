import { listVersion, rowsWithToken } from '../catalog/list';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { ValidationError } from '../http/errors';
import { type Page, type PageParams, pageArray } from '../http/paging';
import { exclusionTokens } from './dataset-parts';
import {
  exclusionDataset,
  federalDatasets,
  STATE_EXCLUSIONS,
  stateOfSource,
  stateSourceId,
  stateSources,
} from './datasets';
import { type Candidate, recordOf, rowsOf } from './hits';
import { searchTokens } from './names';
import type { ExclusionRow } from './schemas';

export interface SearchQuery {
  lists: 'state' | 'federal' | 'all';
  name?: string;
  state?: string;
  entity_type?: 'individual' | 'organization';
  as_of: string;
}

/**
 * Exclusion rows by name, state and entity type, from the list versions in force on the date.
 *
 * - With a name: rows having every distinctive word of it (accents, case and punctuation
 *   ignored; legal forms and credentials are not distinctive), found through the rarest-looking
 *   (longest) word's token partition; ordered federal first, then by state, name, source,
 *   version and record (unique), and paged.
 * - Without a name (state lists only): the state's list in its default order (name, record),
 *   paged in storage.
 *
 * `state` is the list's state for state lists and the address state for the federal list.
 */
export async function searchExclusions(deps: Deps, q: SearchQuery, p: PageParams) {
  const sources = stateSources()
    .map((s) => s.sourceId)
    .filter((s) => !q.state || stateOfSource(s) === q.state);
  const views: DatasetView[] = await Promise.all([
    ...(q.lists !== 'state' ? federalDatasets().map((d) => viewOf(deps, d, q.as_of)) : []),
    ...(q.lists !== 'federal' ? [viewOf(deps, exclusionDataset(STATE_EXCLUSIONS), q.as_of, sources)] : []),
  ]);
  const page = q.name ? await byName(deps, views, q, p) : await byState(deps, views, q, p);
  const used = new Set(page.items.flatMap((r) => [r.source, ...r.also_in].map((s) => s.version_id)));
  const unlisted =
    q.state &&
    q.lists !== 'federal' &&
    !views.some((v) => v.inForce.sources.length && v.dataset.id === STATE_EXCLUSIONS);
  return {
    as_of: q.as_of,
    ...page,
    sources: views.flatMap((v) => v.sourceVersions()),
    gaps: [
      ...views.flatMap((v) => v.gaps),
      ...(unlisted
        ? [
            {
              source_id: stateSourceId(q.state!),
              doc_id: null,
              reason: 'not_archived' as const,
              detail: `No list of ${q.state} is registered.`,
            },
          ]
        : []),
    ],
    versions_with_results: [...used].sort((a, b) => a - b),
  };
}

async function byName(deps: Deps, views: DatasetView[], q: SearchQuery, p: PageParams): Promise<Page<ExclusionRow>> {
  const tokens = searchTokens(q.name);
  if (!tokens.length) {
    throw ValidationError.single('query', 'name', 'needs at least one distinctive word of two letters or more');
  }
  const driver = [...tokens].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0]!;
  const filter: Record<string, string> = q.entity_type ? { entity_type: q.entity_type } : {};
  const found: Candidate[] = [];
  for (const view of views) {
    const rows = await rowsWithToken(deps, view.dataset, driver, view.versions, filter);
    for (const row of rows) {
      const version = view.version(row.version_id);
      if (!version) continue;
      const c = { row, version };
      const r = recordOf(c);
      const have = new Set(exclusionTokens(r));
      if (!tokens.every((t) => have.has(t))) continue;
      if (q.state && r.list === 'federal' && r.state !== q.state) continue;
      found.push(c);
    }
  }
  return pageArray(rowsOf(found, q.as_of), p, { list: listOf('name', views, q) });
}

async function byState(deps: Deps, views: DatasetView[], q: SearchQuery, p: PageParams): Promise<Page<ExclusionRow>> {
  if (q.lists !== 'state' || !q.state) {
    throw ValidationError.single('query', 'name', 'is required unless a state is given for the state lists');
  }
  const view = views[0]!;
  const filter: Record<string, string> = q.entity_type ? { entity_type: q.entity_type } : {};
  if (view.versions.length !== 1) {
    // No list (a gap says why) or, rarely, two documents of one state loaded: merge them in memory.
    const rows: Candidate[] = [];
    for (const version of view.versions) {
      const all = await listVersion(deps, view.dataset, version, { limit: 1_000_000 }, filter);
      for (const row of all.items) rows.push({ row, version });
    }
    return pageArray(rowsOf(rows, q.as_of), p, { list: listOf('state', views, q) });
  }
  const version = view.versions[0]!;
  const page = await listVersion(deps, view.dataset, version, p, filter);
  return { ...page, items: page.items.map((row) => rowsOf([{ row, version }], q.as_of)[0]!) };
}

/** What an in-memory result page's cursor is bound to: the search and the list versions it read (immutable rows). */
function listOf(by: string, views: readonly DatasetView[], q: SearchQuery): unknown {
  const versions = views.flatMap((v) => v.versions.map((x) => `${x.version_id}@${x.generation ?? ''}`));
  return ['exclusions', by, q.lists, q.name ?? null, q.state ?? null, q.entity_type ?? null, q.as_of, versions];
}
