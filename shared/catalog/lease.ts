import type { Table } from '../storage/table';

/**
 * One loader at a time per (dataset, version, generation). Two syncs running at once (npm start
 * beside `archive load`, overlapping fetch runs) would otherwise rewrite the same index entries
 * while readers already use them, briefly hiding rows. A lease is a conditional write (no
 * transactions exist): taken when absent or expired, released when the load ends. A crashed
 * loader's lease lapses after LOAD_LEASE_MS (longer than a fetch Lambda can run).
 */
export const LOAD_LEASE_MS = 20 * 60_000;

const leaseKey = (dataset: string, sourceId: string, versionId: number, generation: string) => ({
  pk: `CLEASE#${dataset}`,
  sk: `${sourceId}#${versionId}#${generation}`,
});

export async function takeLoadLease(
  table: Table,
  dataset: string,
  v: { source_id: string; version_id: number },
  generation: string,
  now: Date,
): Promise<boolean> {
  const taken = await table.update(leaseKey(dataset, v.source_id, v.version_id, generation), {
    set: { lease_until: now.getTime() + LOAD_LEASE_MS },
    ifBelow: { lease_until: now.getTime() },
  });
  return taken !== undefined;
}

export async function releaseLoadLease(
  table: Table,
  dataset: string,
  v: { source_id: string; version_id: number },
  generation: string,
): Promise<void> {
  await table.update(leaseKey(dataset, v.source_id, v.version_id, generation), { set: { lease_until: 0 } });
}
