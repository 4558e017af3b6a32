import { CHANGES_PK } from '../archive/change-record';
import { latestRun, type RunRecord } from '../archive/runs';
import { countFiles, readSourceStats, type SourceStats } from '../archive/source-stats';
import type { Deps } from '../deps';
import { NotFoundError } from '../http/errors';
import { type Page, type PageParams, pageArray } from '../http/paging';
import { type LoadState, listLoadAttempts, readLoadStates } from '../loads/history';
import { type Freshness, judgeFreshness } from '../sources/freshness';
import { getSource, SOURCES } from '../sources/registry';
import type { SourceDecl } from '../sources/types';
import type { Item } from '../storage/table';
import { warrantBlocksOf } from './warrant-blocks';

/** One source as GET /sources lists it: the specification's "Source catalog entry". */
export interface CatalogEntry {
  source_id: string;
  title: string;
  publisher: string;
  license: { name: string; url: string | null; notice: string | null };
  third_party_licensed_descriptors: boolean;
  refresh_cadence: SourceDecl['cadence']['cadence'];
  exempt_reason: string | null;
  accuracy_class: string;
  registered_on: string;
  warrants: string[];
  archive_file_count: number;
  last_fetch_at: string | null;
  last_fetch_status: RunRecord['status'] | null;
  last_change_at: string | null;
  latest_publisher_version: string | null;
  last_load: { status: LoadState['last_status'] | 'never'; attempted_at: string | null; loaded_at: string | null };
  last_record_count: number | null;
  freshness: Freshness;
  links: { self: string; history: string; files: string; docs: string };
}

/** What the status page needs of a source. */
export type SourceFreshness = Pick<CatalogEntry, 'source_id' | 'freshness'>;

/**
 * The source catalog: each registered source with its archive, fetch, load and freshness state, read
 * live from the archive table. Freshness counts from the last recorded load: the later of the last
 * attempt that loaded rows and the last new archive version (for sources served straight from the
 * archive, archiving a new version is the load); a source with neither is `never`, judged from its
 * registration date.
 */
export class SourceCatalog {
  constructor(private readonly deps: Deps) {}

  async list(p: PageParams): Promise<Page<CatalogEntry>> {
    const page = pageArray(sortedSources(), p, { list: 'sources', key: (s) => s.sourceId });
    return { ...page, items: await this.entries(page.items) };
  }

  /** Every source; for platform statistics, which may pass the load states it reads itself. */
  all(states?: Promise<Map<string, LoadState>>): Promise<CatalogEntry[]> {
    return this.entries(sortedSources(), states);
  }

  /**
   * Every source's freshness alone, for the public status page: the load states and each source's
   * newest change, not the file counts and fetch runs a full entry also reads.
   */
  async freshness(): Promise<SourceFreshness[]> {
    const states = await readLoadStates(this.deps.tables.archive);
    const now = this.deps.clock.now();
    return Promise.all(
      sortedSources().map(async (s) => {
        const change = await this.lastChange(s.sourceId);
        return { source_id: s.sourceId, freshness: judge(s, states.get(s.sourceId), change, now).freshness };
      }),
    );
  }

  async get(sourceId: string): Promise<CatalogEntry> {
    const [entry] = await this.entries([this.source(sourceId)]);
    return entry!;
  }

  history(sourceId: string, p: PageParams) {
    this.source(sourceId);
    return listLoadAttempts(this.deps.tables.archive, sourceId, p);
  }

  private source(sourceId: string): SourceDecl {
    const s = getSource(sourceId);
    if (!s) throw new NotFoundError(`Unknown source_id '${sourceId}'.`);
    return s;
  }

  private async entries(
    sources: readonly SourceDecl[],
    states: Promise<Map<string, LoadState>> = readLoadStates(this.deps.tables.archive),
  ): Promise<CatalogEntry[]> {
    const [loaded, counts] = await Promise.all([states, readSourceStats(this.deps.tables.archive)]);
    const now = this.deps.clock.now();
    return Promise.all(sources.map((s) => this.entry(s, loaded.get(s.sourceId), now, counts.get(s.sourceId))));
  }

  /** The source's newest change record (its per-source feed index), if any. */
  private async lastChange(sourceId: string): Promise<Item | undefined> {
    const page = await this.deps.tables.archive.query(`${CHANGES_PK}#${sourceId}`, {
      index: 'gsi1',
      descending: true,
      limit: 1,
    });
    return page.items[0];
  }

  /** `counts`: the source's counters (O(1), source-stats.ts); counted from the archive until rebuilt. */
  private async entry(
    s: SourceDecl,
    state: LoadState | undefined,
    now: Date,
    counts: SourceStats | undefined,
  ): Promise<CatalogEntry> {
    const table = this.deps.tables.archive;
    const [files, run, change] = await Promise.all([
      counts ? counts.files : countFiles(table, s.sourceId),
      latestRun(table, s.sourceId),
      this.lastChange(s.sourceId),
    ]);
    const { lastChangeAt, loadedAt, freshness } = judge(s, state, change, now);
    const base = this.deps.config.publicBaseUrl;
    return {
      source_id: s.sourceId,
      title: s.title,
      publisher: s.publisher,
      license: { name: s.license.name, url: s.license.url ?? null, notice: s.license.notice ?? null },
      third_party_licensed_descriptors: s.thirdPartyLicensedDescriptors,
      refresh_cadence: s.cadence.cadence,
      exempt_reason: s.cadence.cadence === 'exempt' ? s.cadence.reason : null,
      accuracy_class: s.accuracyClass,
      registered_on: s.registeredOn,
      warrants: warrantBlocksOf(s.sourceId),
      archive_file_count: files,
      last_fetch_at: run ? (run.finished_at ?? run.started_at) : null,
      last_fetch_status: run?.status ?? null,
      last_change_at: lastChangeAt,
      latest_publisher_version: change ? ((change.publisher_version as string | null) ?? null) : null,
      last_load: {
        status: state?.last_status ?? 'never',
        attempted_at: state?.last_attempt_at ?? null,
        loaded_at: loadedAt,
      },
      last_record_count: state ? Number(state.last_record_count) : null,
      freshness,
      links: {
        self: `${base}/sources/${s.sourceId}`,
        history: `${base}/sources/${s.sourceId}/history`,
        files: `${base}/archive/${s.sourceId}/files`,
        docs: `${base}/archive/${s.sourceId}/docs`,
      },
    };
  }
}

/**
 * Freshness counts from the later of the last load that landed rows and the source's newest
 * change (archiving a version is the load of a source served straight from the archive).
 */
function judge(s: SourceDecl, state: LoadState | undefined, change: Item | undefined, now: Date) {
  const lastChangeAt = change ? String(change.observed_from) : null;
  const loadedAt = latest(state?.last_loaded_at ?? null, lastChangeAt);
  const freshness = judgeFreshness(
    { declared: s.cadence, registeredAt: `${s.registeredOn}T00:00:00Z`, lastLoadedAt: loadedAt },
    now,
  );
  return { lastChangeAt, loadedAt, freshness };
}

function sortedSources(): SourceDecl[] {
  return [...SOURCES].sort((a, b) => (a.sourceId < b.sourceId ? -1 : 1));
}

function latest(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
