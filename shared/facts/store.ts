import type { Item, Table } from '../storage/table';
import { factSk, keyPk, pad9, versionIndexPk } from './keys';
import type { FactRow } from './registry';
import type { RowRef } from './related';
import type { TimelineVersion } from './timeline';

/** A fact as stored: its value, the row it came from and any rows joined into it. */
export interface StoredFact {
  key: string;
  kind: string;
  source_id: string;
  doc_id: string;
  version_id: number;
  sha256: string;
  name: string;
  value: Record<string, unknown>;
  origin: RowRef;
  related: RowRef[];
}

const BATCH = 200;

/**
 * Buffers fact items and writes them in batches, so a file of any size is written with bounded
 * memory. Keys derive from (version, kind, record), so a second load rewrites the same items.
 */
export class FactWriter {
  private buffer: Item[] = [];
  private inFlight: Promise<void> | undefined;
  written = 0;
  readonly keys = new Set<string>();

  constructor(
    private readonly table: Table,
    private readonly sourceId: string,
    private readonly version: TimelineVersion,
  ) {}

  async add(row: FactRow, related: RowRef[] = []): Promise<void> {
    const { locator } = row.record;
    const key = row.key.value;
    if (row.key.kind === 'code') this.keys.add(key);
    // Each field once (FACT_ITEM_SHAPE 2): key, kind, source and version are in the sort key, the
    // version's file in doc_id/sha256/name, the row in locator; toStoredFact rebuilds the rest.
    this.buffer.push({
      pk: keyPk(row.key),
      sk: `${factSk(this.sourceId, this.version.version_id, row.kind, locator.record)}#${key}`,
      gsi1pk: versionIndexPk(this.version.version_id),
      gsi1sk: `${pad9(locator.record)}#${row.key.kind}#${key}`,
      doc_id: this.version.doc_id,
      sha256: this.version.sha256,
      name: this.version.name,
      locator,
      value: row.value,
      ...(related.length ? { related } : {}),
    });
    if (this.buffer.length >= BATCH) await this.send();
  }

  /**
   * Hands the buffer to putMany (which has several BatchWriteItem calls in flight) once the batch
   * before it is written: one batch is written while the next fills, so memory stays at two
   * batches and extraction does not wait on every round trip.
   */
  private async send(): Promise<void> {
    const items = this.buffer;
    this.buffer = [];
    await this.inFlight;
    const writing = this.table.putMany(items).then(() => {
      this.written += items.length;
    });
    writing.catch(() => {}); // reported by the next send or flush, which await it
    this.inFlight = writing;
  }

  /** Writes everything buffered and waits for every write: `written` is then exact. */
  async flush(): Promise<void> {
    if (this.buffer.length) await this.send();
    const writing = this.inFlight;
    this.inFlight = undefined;
    await writing;
  }
}

/**
 * A fact from its stored item: key, kind, source and version from the sort key
 * (`<source_id>#<version 12>#<kind>#<record 9>#<key>`, keys.ts), the origin rebuilt from the
 * version's file fields and the locator. Items of the earlier shape (every field stored, loader
 * versions before FACT_ITEM_SHAPE 2) read the same.
 */
export function toStoredFact(item: Record<string, unknown>): StoredFact {
  const [sourceId = '', version = '', kind = '', , ...key] = String(item.sk).split('#');
  const versionId = Number(version);
  const file = { source_id: sourceId, doc_id: String(item.doc_id), version_id: versionId };
  const fileId = { sha256: String(item.sha256), name: String(item.name) };
  return {
    key: key.join('#'),
    kind,
    ...file,
    ...fileId,
    value: (item.value as Record<string, unknown>) ?? {},
    origin: (item.origin as RowRef | undefined) ?? { ...file, ...fileId, locator: item.locator as RowRef['locator'] },
    related: (item.related as RowRef[] | undefined) ?? [],
  };
}
