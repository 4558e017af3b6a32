import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../../shared/catalog/answer-fields';
import { sourcesOf } from '../../shared/catalog/dataset';
import { datasetsInGroup } from '../../shared/catalog/datasets';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../../shared/catalog/provenance';
import { viewsOf } from '../../shared/catalog/view';
import type { Deps } from '../../shared/deps';
import { type CatalogEntry, SourceCatalog } from '../../shared/platform/catalog';
import { RX_DATASET_GROUP } from '../../shared/rx/group';

const SourceStatusSchema = z
  .object({
    source_id: z.string(),
    title: z.string(),
    publisher: z.string(),
    refresh_cadence: z.string().openapi({ description: 'How often the publisher publishes (or `exempt`).' }),
    freshness: z.object({
      class: z.enum(['fresh', 'stale', 'critical', 'never', 'exempt']),
      level: z.enum(['fresh', 'stale', 'critical']).nullable(),
      age_days: z.number().nullable(),
      judged_from: z.enum(['last_load', 'registration']).nullable(),
      stale_after_days: z.number().int().nullable(),
      critical_after_days: z.number().int().nullable(),
    }),
    latest_publisher_version: z.string().nullable(),
    last_change_at: z.string().nullable().openapi({ format: 'date-time' }),
    last_load: z.object({
      status: z.enum(['succeeded', 'partial', 'failed', 'never']),
      attempted_at: z.string().nullable(),
      loaded_at: z.string().nullable(),
    }),
    last_record_count: z.number().int().nullable(),
    archive_file_count: z.number().int(),
    link: z.string().openapi({ description: 'Its entry in the source catalog (GET /sources/{source_id}).' }),
  })
  .openapi('RxSourceStatus');

const RxDatasetCountSchema = z
  .object({
    dataset: z.string(),
    title: z.string(),
    source_ids: z.array(z.string()),
    in_force: z
      .boolean()
      .openapi({ description: 'Every source of the dataset has a loaded version in force on `as_of`.' }),
    rows_in_force: z.number().int().openapi({
      description: 'Rows the loaded versions in force on `as_of` hold (a snapshot and any supplements applied on it).',
    }),
    versions: z.array(CatalogSourceVersionSchema).openapi({ description: 'The loaded versions in force.' }),
    gaps: z.array(CatalogGapSchema),
  })
  .openapi('RxDatasetCount');

export const RxSummarySchema = z
  .object({
    datasets: z.array(RxDatasetCountSchema),
    source_status: z.array(SourceStatusSchema).openapi({ description: 'Each source of the group, in id order.' }),
    totals: z.object({
      datasets: z.number().int(),
      datasets_in_force: z.number().int(),
      sources: z.number().int(),
      sources_fresh: z.number().int().openapi({ description: 'Sources whose freshness class is `fresh` or `exempt`.' }),
      rows_in_force: z.number().int(),
    }),
    ...answerProvenanceFields,
  })
  .openapi('RxSummary');
export type RxSummary = z.infer<typeof RxSummarySchema>;

const NOTE =
  'Counts and freshness of every drug economics dataset (the catalog datasets of the group, in id order) and of each source feeding them. `rows_in_force` counts the rows of the loaded versions in force on `as_of`; a source with no version in force is a gap of its dataset with the reason (not archived, not loaded, stale, or not begun on that date), never a zero row count presented as data. Freshness is judged now against the cadence the publisher keeps (the rule of GET /sources), not on `as_of`. Each dataset states its own coverage and limits in the methodology_note of its own reads.';

/** GET /rx/summary: the group's datasets on `asOf` (one batch read of their timelines) and their sources' catalog entries. */
export async function rxSummary(deps: Deps, asOf: string): Promise<RxSummary> {
  const datasets = datasetsInGroup(RX_DATASET_GROUP);
  const sourceIds = [...new Set(datasets.flatMap((d) => sourcesOf(d)))].sort();
  const catalog = new SourceCatalog(deps);
  const [views, entries] = await Promise.all([
    viewsOf(
      deps,
      datasets.map((dataset) => ({ dataset, date: asOf })),
    ),
    Promise.all(sourceIds.map((id) => catalog.get(id))),
  ]);
  const counts = views.map((v) => ({
    dataset: v.dataset.id,
    title: v.dataset.title,
    source_ids: [...sourcesOf(v.dataset)].sort(),
    in_force: v.gaps.length === 0 && v.versions.length > 0,
    rows_in_force: v.versions.reduce(
      (n, ver) => n + (v.timelines.get(ver.source_id)?.loaded.get(ver.version_id)?.rows ?? 0),
      0,
    ),
    versions: v.sourceVersions(),
    gaps: v.gaps,
  }));
  const status = entries.map(statusOf);
  const versions = new Map(
    counts.flatMap((c) => c.versions.map((s) => [`${s.source_id}#${s.version_id}`, s] as const)),
  );
  return {
    datasets: counts,
    source_status: status,
    totals: {
      datasets: counts.length,
      datasets_in_force: counts.filter((c) => c.in_force).length,
      sources: status.length,
      sources_fresh: status.filter((s) => s.freshness.class === 'fresh' || s.freshness.class === 'exempt').length,
      rows_in_force: counts.reduce((n, c) => n + c.rows_in_force, 0),
    },
    sources: [...versions.values()],
    gaps: counts.flatMap((c) => c.gaps),
    as_of: asOf,
    methodology_note: NOTE,
  };
}

function statusOf(e: CatalogEntry): RxSummary['source_status'][number] {
  const { reason: _r, degrades_status: _d, ...freshness } = e.freshness;
  return {
    source_id: e.source_id,
    title: e.title,
    publisher: e.publisher,
    refresh_cadence: e.refresh_cadence,
    freshness,
    latest_publisher_version: e.latest_publisher_version,
    last_change_at: e.last_change_at,
    last_load: e.last_load,
    last_record_count: e.last_record_count,
    archive_file_count: e.archive_file_count,
    link: e.links.self,
  };
}
