import { z } from '@hono/zod-openapi';
import { startOf } from '../catalog/in-force';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../catalog/provenance';
import { type DatasetView, viewOf } from '../catalog/view';
import { STATES } from '../codes/states';
import type { Deps } from '../deps';
import {
  exclusionDataset,
  FEDERAL_EXCLUSIONS,
  STATE_EXCLUSIONS,
  stateOfSource,
  stateSources,
} from '../exclusions/datasets';
import { stateExclusionsDataset } from './dataset';
import { layoutsOf } from './lists';

const ListCoverageSchema = z.object({
  source_id: z.string(),
  loaded: z.boolean().openapi({ description: 'Whether a loaded version is in force on the date.' }),
  as_of: z
    .string()
    .nullable()
    .openapi({ description: 'When the list in force was published or first observed (its start).' }),
  publisher_version: z.string().nullable(),
  rows: z.number().int().openapi({ description: 'Rows of the versions in force.' }),
  archived_versions: z.number().int(),
  loaded_versions: z.number().int(),
  versions: z.array(CatalogSourceVersionSchema),
  gaps: z.array(CatalogGapSchema),
});

export const StateCoverageSchema = ListCoverageSchema.extend({
  state: z.string(),
  title: z.string(),
  publisher: z.string(),
  layouts: z.array(z.object({ id: z.string(), format: z.string() })).openapi({
    description: 'Layouts this service reads for the state; empty: archived, not loaded.',
  }),
}).openapi('StateExclusionCoverage');

export const CoverageSchema = z
  .object({
    as_of: z.string(),
    dataset: z.string(),
    states: z.array(StateCoverageSchema),
    states_loaded: z.array(z.string()),
    states_without_list: z.array(z.string()).openapi({ description: 'USPS codes with no state list registered.' }),
    total_rows: z.number().int(),
    federal: ListCoverageSchema.openapi('FederalExclusionCoverage'),
  })
  .openapi('ExclusionCoverage');

function listCoverage(view: DatasetView, sourceId: string) {
  const s = view.inForce.sources.find((x) => x.source_id === sourceId);
  const tl = view.timelines.get(sourceId);
  const versions = view.sourceVersions(s?.versions ?? []);
  const first = s?.versions[0];
  return {
    source_id: sourceId,
    loaded: versions.length > 0,
    as_of: first ? startOf(first) : null,
    publisher_version: first?.publisher_version ?? null,
    rows: versions.reduce((n, v) => n + (v.rows ?? 0), 0),
    // Heads list a source's newest versions only; their counts count every version.
    archived_versions: tl?.counts?.versions ?? tl?.versions.length ?? 0,
    loaded_versions: tl?.counts?.loaded ?? tl?.loaded.size ?? 0,
    versions,
    gaps: s?.gaps ?? [],
  };
}

/**
 * Which state lists answer on a date (issue 11, point 4): per registered state (every installed
 * state source, read from the registry at call time), whether a loaded
 * version is in force, since when, its row count and why not when it is not; the states no list
 * covers; and the federal list beside them.
 */
export async function exclusionCoverage(deps: Deps, asOf: string) {
  const [stateView, federalView] = await Promise.all([
    viewOf(deps, stateExclusionsDataset, asOf),
    viewOf(deps, exclusionDataset(FEDERAL_EXCLUSIONS), asOf),
  ]);
  const states = stateSources().map((src) => ({
    state: stateOfSource(src.sourceId),
    title: src.title,
    publisher: src.publisher,
    layouts: layoutsOf(src).map((l) => ({ id: l.id, format: l.format })),
    ...listCoverage(stateView, src.sourceId),
  }));
  const registered = new Set(states.map((s) => s.state));
  return {
    as_of: asOf,
    dataset: STATE_EXCLUSIONS,
    states,
    states_loaded: states.filter((s) => s.loaded).map((s) => s.state),
    states_without_list: STATES.filter((s) => !registered.has(s)),
    total_rows: states.reduce((n, s) => n + s.rows, 0),
    federal: listCoverage(federalView, FEDERAL_EXCLUSIONS),
  };
}
