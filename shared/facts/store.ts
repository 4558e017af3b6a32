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
    const origin: RowRef = {
      source_id: this.sourceId,
      doc_id: this.version.doc_id,
      version_id: this.version.version_id,
      sha256: this.version.sha256,
      name: this.version.name,
      locator,
    };
    this.buffer.push({
      pk: keyPk(row.key),
      sk: `${factSk(this.sourceId, this.version.version_id, row.kind, locator.record)}#${key}`,
      gsi1pk: versionIndexPk(this.version.version_id),
      gsi1sk: `${pad9(locator.record)}#${row.key.kind}#${key}`,
      key,
      kind: row.kind,
      source_id: this.sourceId,
      doc_id: this.version.doc_id,
      version_id: this.version.version_id,
      sha256: this.version.sha256,
      name: this.version.name,
      value: row.value,
      origin,
      related,
    });
    if (this.buffer.length >= BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const items = this.buffer;
    this.buffer = [];
    if (items.length) await this.table.putMany(items);
    this.written += items.length;
  }
}

export function toStoredFact(item: Record<string, unknown>): StoredFact {
  return {
    key: String(item.key),
    kind: String(item.kind),
    source_id: String(item.source_id),
    doc_id: String(item.doc_id),
    version_id: Number(item.version_id),
    sha256: String(item.sha256),
    name: String(item.name),
    value: (item.value as Record<string, unknown>) ?? {},
    origin: item.origin as RowRef,
    related: (item.related as RowRef[] | undefined) ?? [],
  };
}
