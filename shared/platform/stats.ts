import { VERSION_COUNTER } from '../archive/keys';
import { latestRun, type RunRecord } from '../archive/runs';
import type { Deps } from '../deps';
import { readLoadStates } from '../loads/history';
import type { SourceCatalog } from './catalog';

export interface PlatformStats {
  generated_at: string;
  sources: { registered: number; loaded: number; never_loaded: number; exempt: number };
  rows: { total: number; by_source: Record<string, number> };
  archive: { files: number; highest_version_id: number };
  /** Entity counts reported by the loaders that hold them; null until such a source is loaded. */
  facilities: number | null;
  clinicians: number | null;
  last_pipeline_run: RunRecord | null;
}

/**
 * Live counts for GET /platform/stats, read from the same state the catalog reads: rows per source
 * (each source's current `last_record_count`), archive files and versions, entity counts the loaders
 * report, and the most recent fetch run of any source.
 */
export async function platformStats(deps: Deps, catalog: Pick<SourceCatalog, 'all'>): Promise<PlatformStats> {
  const table = deps.tables.archive;
  const loadStates = readLoadStates(table); // read once: the catalog entries are built from it too
  const [entries, states, counter, lastRun] = await Promise.all([
    catalog.all(loadStates),
    loadStates,
    table.get(VERSION_COUNTER, { consistent: true }),
    latestRun(table),
  ]);
  const bySource: Record<string, number> = {};
  for (const e of entries) if (e.last_record_count !== null) bySource[e.source_id] = e.last_record_count;
  const sum = (name: string): number | null => {
    const values = [...states.values()].map((s) => s.counts?.[name]).filter((v): v is number => typeof v === 'number');
    return values.length ? values.reduce((a, b) => a + b, 0) : null;
  };
  return {
    generated_at: deps.clock.now().toISOString(),
    sources: {
      registered: entries.length,
      loaded: entries.filter((e) => e.last_load.loaded_at !== null).length,
      never_loaded: entries.filter((e) => e.freshness.class === 'never').length,
      exempt: entries.filter((e) => e.freshness.class === 'exempt').length,
    },
    rows: { total: Object.values(bySource).reduce((a, b) => a + b, 0), by_source: bySource },
    archive: {
      files: entries.reduce((a, e) => a + e.archive_file_count, 0),
      highest_version_id: Number(counter?.value ?? 0),
    },
    facilities: sum('facilities'),
    clinicians: sum('clinicians'),
    last_pipeline_run: lastRun,
  };
}
