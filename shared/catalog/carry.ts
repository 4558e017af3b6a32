import { startOf } from '../archive/as-of';
import type { Deps } from '../deps';
import type { Item, Table } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { listingSpec } from './declaration';
import { listingPk, namespaceOf, WHOLE } from './keys';
import { listingItems } from './listing-items';
import { peekable } from './peekable';
import { docPeers } from './series';
import { compareKeys, parseSortKey, type Scalar } from './sort-keys';
import type { CatalogVersion } from './timeline';

const PAGE = 1000;
/** Record numbers of carried rows start here, above any file's record number (keys hold nine digits). */
export const CARRIED_RECORD_BASE = 900_000_000;

/**
 * Rows that left a snapshot document, kept in its later versions' listing (issue 22 point 7: a
 * facility missing from the release in force is listed as terminated with its end date).
 *
 * `listing` must be ordered by a field unique per version (the key, e.g. the CCN) and keep its whole
 * copy (not `partitionRequired`: the merge reads it). When a version
 * loads, the previous loaded version of the same document (by start date, then version id) is
 * merged with it in key order: every row of the previous version's listing (its own rows and the
 * rows it carried) whose key the new version lacks is written into the new version's listing with
 * `status` set to `ended`, `end` set to the new version's start date (a row already carried keeps
 * its end date) and `last` naming the last version that listed it. Those items have no line (the
 * release in force does not hold them) and record numbers from CARRIED_RECORD_BASE, so the
 * listing's filters, partitions, orders and cursors serve them like any row: a listing read, not
 * a scan of earlier versions. Memory: one page of each version.
 *
 * Not handled: a version archived after its successor (a backfill) leaves the successor's carried
 * rows as they were computed (reload the successor to recompute them).
 */
export interface CarryDecl {
  listing: string;
  /** The row field holding the status, and the value written on carried rows. */
  status: { field: string; ended: string };
  /** The row field that receives the end date (YYYY-MM-DD). */
  end: string;
  /** The row field that receives `{ version_id, publisher_version, effective_from }` of the last version listing the row. */
  last: string;
}

export interface CarryOutcome {
  listing: string;
  previous_version_id: number | null;
  carried: number;
}

export async function computeCarry(
  deps: Deps,
  dataset: CatalogDataset,
  version: CatalogVersion,
): Promise<CarryOutcome | undefined> {
  const decl = dataset.carry;
  if (!decl) return undefined;
  const table = deps.tables.catalog;
  const ns = namespaceOf(dataset.id, dataset.loaderVersion);
  const peers = await docPeers(table, dataset, version);
  const prev = peers[peers.findIndex((v) => v.version_id === version.version_id) - 1];
  const outcome: CarryOutcome = { listing: decl.listing, previous_version_id: prev?.version_id ?? null, carried: 0 };
  if (!prev) return outcome;
  const spec = listingSpec(dataset, decl.listing);
  if (spec.partitionRequired)
    throw new Error(`catalog: ${dataset.id} carries listing ${spec.name}, which keeps no whole copy`);
  const before = peekable(items(table, listingPk(ns, prev.version_id, spec.name, WHOLE)));
  const now = peekable(items(table, listingPk(ns, version.version_id, spec.name, WHOLE)));
  const since = startOf(version);
  const last = {
    version_id: prev.version_id,
    publisher_version: prev.publisher_version,
    effective_from: startOf(prev),
  };
  let pending: Item[] = [];
  for (;;) {
    const p = await before.peek();
    if (!p) break;
    let n = await now.peek();
    while (n && compareKeys(n.key, p.key) < 0) {
      await now.take();
      n = await now.peek();
    }
    await before.take();
    if (n && n.key === p.key) continue;
    const old = p.item;
    const carried = old.line === null || old.line === undefined;
    const value = {
      ...(old.value as Record<string, unknown>),
      [decl.status.field]: decl.status.ended,
      ...(carried ? {} : { [decl.end]: since, [decl.last]: last }),
    };
    const f = { ...(old.f as Record<string, Scalar | null>), [decl.status.field]: decl.status.ended };
    if (!carried && spec.types.has(decl.end)) f[decl.end] = since;
    const base = {
      source_id: version.source_id,
      version_id: version.version_id,
      record: CARRIED_RECORD_BASE + ++outcome.carried,
      line: null,
      value,
    };
    pending.push(...listingItems(ns, spec, base, f));
    if (pending.length >= 100) {
      await table.putMany(pending);
      pending = [];
    }
  }
  if (pending.length) await table.putMany(pending);
  return outcome;
}

interface Keyed {
  key: string;
  item: Item;
}

/** A listing copy's items in key order, the first item of each key (the key is unique per version). */
async function* items(table: Table, pk: string): AsyncGenerator<Keyed> {
  let cursor: string | undefined;
  let lastKey: string | undefined;
  do {
    const page = await table.query(pk, { limit: PAGE, cursor });
    cursor = page.cursor;
    for (const item of page.items) {
      const key = parseSortKey(String(item.sk)).value;
      if (key === lastKey) continue;
      lastKey = key;
      yield { key, item };
    }
  } while (cursor);
}
