import { z } from '@hono/zod-openapi';
import { sourcesOf } from '../catalog/dataset';
import { type CatalogGap, startOf } from '../catalog/in-force';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../catalog/provenance';
import { type DatasetView, viewOf } from '../catalog/view';
import { STATES } from '../codes/states';
import type { Deps } from '../deps';
import {
  FEDERAL_EXCLUSIONS,
  federalDatasets,
  STATE_EXCLUSIONS,
  stateOfSource,
  stateSources,
} from '../exclusions/datasets';
import { blocks } from '../exclusions/reads';
import { getSource } from '../sources/registry';
import { stateExclusionsDataset } from './dataset';
import { LIST_FIELDS } from './layout';
import { layoutsOf } from './lists';

const LIST_STANDINGS = ['current', 'stale', 'missing_release', 'ambiguous', 'not_loaded', 'not_covering'] as const;

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
  standing: z.enum(LIST_STANDINGS).openapi({
    description:
      'How the list stands on the date: `current` (a loaded version in force, within its cadence); `stale` (the version in force is past its cadence: stale_version); `missing_release` / `ambiguous` / `not_loaded` (it cannot be read for the date); `not_covering` (no list covers the date: never archived, archived only later, no layout reads it yet).',
  }),
  blocks_excluded: z.boolean().openapi({
    description:
      'Whether this list leaves `excluded` null on the date (issue 24 point 5): any gap of a federal list; a stale, missing, ambiguous or unloaded state list. A state with no list covering the date does not block (as a state without a list).',
  }),
});

export const StateCoverageSchema = ListCoverageSchema.extend({
  state: z.string(),
  title: z.string(),
  publisher: z.string(),
  layouts: z.array(z.object({ id: z.string(), format: z.string() })).openapi({
    description: 'Layouts this service reads for the state; empty: archived, not loaded.',
  }),
  fields: z.array(z.enum(LIST_FIELDS)).openapi({
    description:
      'The identifying fields the list carries beside names (npi, license_number, dob, provider_type), as its layouts read them. A list without NPIs is matched by name with state or birth date only; each hit says what it matched on (`match.on`).',
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
    federal: ListCoverageSchema.openapi('FederalExclusionCoverage', {
      description: 'The OIG LEIE (kept for compatibility; `federal_lists` has every federal list).',
    }),
    federal_lists: z
      .array(
        ListCoverageSchema.extend({
          title: z.string(),
          access: z.string().nullable().openapi({
            description:
              'Set when the publisher does not release the list to the public (the CMS Preclusion List): who may obtain it. Such a list is never searched: a coverage gap, not a clearance.',
          }),
        }).openapi('FederalListCoverage'),
      )
      .openapi({
        description:
          'Every federal list the screen knows, the OIG LEIE first: its version in force, rows and standing on the date. SAM.gov is searched beside the LEIE; the CMS Preclusion List is listed with its access rule and never searched (not public).',
      }),
  })
  .openapi('ExclusionCoverage');

/** How a list stands on a date, from its versions in force and its gaps (see `standing`). */
export function standingOf(loaded: boolean, gaps: readonly CatalogGap[]): (typeof LIST_STANDINGS)[number] {
  for (const reason of ['stale_version', 'missing_release', 'ambiguous', 'not_loaded'] as const) {
    if (gaps.some((g) => g.reason === reason)) return reason === 'stale_version' ? 'stale' : reason;
  }
  return loaded ? 'current' : 'not_covering';
}

function listCoverage(view: DatasetView, sourceId: string, blocking: (g: CatalogGap) => boolean) {
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
    standing: standingOf(versions.length > 0, s?.gaps ?? []),
    blocks_excluded: (s?.gaps ?? []).some(blocking),
  };
}

/**
 * Which state lists answer on a date (issue 11, point 4): per registered state (every installed
 * state source, read from the registry at call time), whether a loaded
 * version is in force, since when, its row count and why not when it is not; the states no list
 * covers; and the federal list beside them.
 */
export async function exclusionCoverage(deps: Deps, asOf: string) {
  const federalSets = federalDatasets();
  const [stateView, ...federalViews] = await Promise.all([
    viewOf(deps, stateExclusionsDataset, asOf),
    ...federalSets.map((d) => viewOf(deps, d, asOf)),
  ]);
  const federalLists = federalViews.flatMap((view) =>
    sourcesOf(view.dataset).map((sourceId) => ({
      title: view.dataset.title,
      access: getSource(sourceId)?.access?.rule ?? null,
      ...listCoverage(view, sourceId, (g) => blocks(view.dataset.id, g)),
    })),
  );
  const states = stateSources().map((src) => ({
    state: stateOfSource(src.sourceId),
    title: src.title,
    publisher: src.publisher,
    layouts: layoutsOf(src).map((l) => ({ id: l.id, format: l.format })),
    fields: LIST_FIELDS.filter((f) => layoutsOf(src).some((l) => l.fields.includes(f))),
    ...listCoverage(stateView, src.sourceId, (g) => blocks(STATE_EXCLUSIONS, g)),
  }));
  const registered = new Set(states.map((s) => s.state));
  return {
    as_of: asOf,
    dataset: STATE_EXCLUSIONS,
    states,
    states_loaded: states.filter((s) => s.loaded).map((s) => s.state),
    states_without_list: STATES.filter((s) => !registered.has(s)),
    total_rows: states.reduce((n, s) => n + s.rows, 0),
    federal: (({ title: _t, access: _a, ...leie }) => leie)(
      federalLists.find((l) => l.source_id === FEDERAL_EXCLUSIONS)!,
    ),
    federal_lists: federalLists,
  };
}
