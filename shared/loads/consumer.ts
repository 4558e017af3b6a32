import type { Deps } from '../deps';
import type { Located, PublisherParser } from '../publishers/common/types';

/**
 * The shapes the one load pipeline (./pipeline.ts) works with. A *provider* (warrant facts,
 * catalog datasets) registers what the archive holds and plans, per archived version, the
 * *consumers* still to load: the version's warrant facts, each catalog dataset holding its
 * document. The pipeline parses each version's file once, with its document's parser, and feeds
 * every consumer; each writes its own store, keeps its own markers and reports its own outcome.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The archived file a load reads: one version of a document, by sha256. */
export interface LoadFile {
  source_id: string;
  doc_id: string;
  version_id: number;
  sha256: string;
  name: string;
}

/**
 * How a consumer's load of a version ended. `busy`: another process holds the version or loaded
 * it meanwhile; `suspended`: cut short by the run's budget, a checkpoint stored, resumed by the
 * next run (never marked loaded until complete); `already_loaded`: found complete under the lease.
 */
export type ConsumerStatus = 'loaded' | 'already_loaded' | 'failed' | 'busy' | 'suspended';

export interface ConsumerEnd<F> {
  status: ConsumerStatus;
  ms: number;
  error?: string;
  /** What `finish` (or `load`) returned, when the status is `loaded`. */
  result?: F;
  /** Records of the file stored so far, when the status is `suspended` (the checkpoint's). */
  records?: number;
}

/** Small items a consumer keeps beside the checkpoint (e.g. the codes a partial facts load met). */
export interface SideStore {
  put(name: string, value: Json): Promise<void>;
  list(prefix: string): Promise<Json[]>;
}

/** A consumer at work on one version, fed the document's records in file order. */
export interface ActiveConsumer<F> {
  add(record: Located): Promise<void>;
  /** Writes everything buffered (before a checkpoint, and before `finish`). */
  flush(): Promise<void>;
  /** After `flush`: the state a resumed load restarts the consumer from (small JSON). */
  save(): Promise<Json>;
  /** After the last record and a flush: markers written, the version served from now on. */
  finish(): Promise<F>;
}

export interface ConsumerPlan<O = unknown, F = unknown> {
  /** `facts` or `catalog`: the outcome list it reports in. */
  kind: string;
  /** Unique among one version's consumers, e.g. `facts`, `catalog:oig_leie`. */
  id: string;
  /** The loader version (facts) or key generation (catalog) it writes: a checkpoint by another is not resumed. */
  loader: string;
  /** Load order between versions, lower first (a dataset others resolve through loads first). */
  priority: number;
  /** The parser whose records `open` takes; undefined when the consumer reads the file itself (`load`). */
  parser?: PublisherParser;
  /** Under the version's lease: an outcome when there is nothing left to do (another process finished it). */
  recheck(): Promise<O | undefined>;
  /**
   * Starts a load fed by the shared parse or, with `resume`, goes on with one: `after` records are
   * stored already (0 for a fresh load), and `resume` is the state `save` returned then.
   */
  open?(ctx: { resume?: Json; after: number; side: SideStore }): Promise<ActiveConsumer<F>>;
  /** A load that reads what it needs itself, in one go (e.g. MCD facts joining sibling tables): never checkpointed. */
  load?(): Promise<F>;
  /** The provider's own outcome shape. */
  outcome(end: ConsumerEnd<F>, file: LoadFile): O;
  /** Rows the finished load adds to its source's count (GET /sources/{id}/history), and any entity count. */
  finished(result: F): { rows: number; entities?: { name: string; value: number } };
  /** The log line of an outcome (`archive load`, `npm start`). */
  describe(outcome: O, file: LoadFile): string;
}

export interface PlannedLoad {
  file: LoadFile;
  consumer: ConsumerPlan;
}

/** Registers what the archive holds for the wanted sources and lists the loads still to do. */
export interface LoadProvider {
  plan(deps: Deps, opts: { sourceIds?: readonly string[] }): Promise<PlannedLoad[]>;
}
