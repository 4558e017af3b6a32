import type { Config } from './config';
import type { Logger } from './log';
import type { BlobStore } from './storage/blob';
import type { Table } from './storage/table';
import type { TableKind } from './storage/table-specs';

/** Time is passed in so tests can fix it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A live check of one dependency, used by /health/deep and /status. */
export interface DependencyProbe {
  name: string;
  check(): Promise<void>;
}

/**
 * What every endpoint group is built from: configuration, a clock, a logger and the storage
 * ports. Domain services are constructed from these by the group that needs them.
 */
export interface Deps {
  readonly config: Config;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly tables: Readonly<Record<TableKind, Table>>;
  readonly blobs: BlobStore;
  readonly probes: readonly DependencyProbe[];
}
