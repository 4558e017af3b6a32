import { padVersion } from '../archive/keys';
import type { ResumePoint } from '../publishers/common/types';
import type { Item, Table } from '../storage/table';
import type { Json, LoadFile, SideStore } from './consumer';

/**
 * One load job per archived version, in the archive table: the lease that lets one process at a
 * time load the version (every consumer of it: warrant facts and catalog rows), and the checkpoint
 * a load cut short resumes from.
 *
 * | item       | pk                    | sk                          | holds                                      |
 * |------------|-----------------------|-----------------------------|--------------------------------------------|
 * | job        | LOADJOB#<version 12>  | JOB                         | lease_until, owner, checkpoint             |
 * | side item  | LOADJOB#<version 12>  | SIDE#<consumer>#<name>      | value (e.g. 4,000 codes a facts load met)  |
 *
 * No transactions: the lease is taken by a conditional write (absent or expired), and every later
 * write of the job (checkpoint, renewal, release) is conditional on still owning it, so a loader
 * whose lease lapsed and was taken over stops instead of overwriting the new owner's checkpoint.
 * The checkpoint is small (positions, counts and, for parsers that read columns by name, the
 * header's names: a few KB); anything that grows with the file goes to side items of bounded size.
 */
export const JOB_LEASE_MS = 5 * 60_000;

const jobKey = (versionId: number) => ({ pk: `LOADJOB#${padVersion(versionId)}`, sk: 'JOB' });
const SIDE = 'SIDE#';
/** Checkpoints are refused past this (a DynamoDB item holds 400 KB). */
const MAX_CHECKPOINT_BYTES = 200 * 1024;

export interface ConsumerState {
  id: string;
  loader: string;
  state: Json;
}

export interface Checkpoint {
  sha256: string;
  /** `<parser id>@<version>` of the shared parse: a checkpoint of another parser is not resumed. */
  parser: string;
  consumers: ConsumerState[];
  /** Records of the file already stored by every consumer. */
  records: number;
  /** Where a resumable parser goes on (offset 0 for parsers read again from the first byte). */
  at: ResumePoint;
  /** Bytes of the file read, and its size (progress). */
  bytes: number;
  total: number;
  /** Runs that have worked on the load so far. */
  runs: number;
  saved_at: string;
}

export class LoadJob {
  /** Whether a checkpoint or side items may exist (a crashed run may have left side items without one). */
  private dirty = true;

  private constructor(
    private readonly table: Table,
    readonly file: LoadFile,
    readonly owner: string,
    readonly checkpoint: Checkpoint | undefined,
  ) {}

  /** Takes the version's lease, or undefined when another process holds it. */
  static async take(table: Table, file: LoadFile, owner: string, now: Date): Promise<LoadJob | undefined> {
    const t = now.getTime();
    const item = await table.update(jobKey(file.version_id), {
      set: {
        lease_until: t + JOB_LEASE_MS,
        owner,
        source_id: file.source_id,
        doc_id: file.doc_id,
        version_id: file.version_id,
        name: file.name,
      },
      ifBelow: { lease_until: t },
    });
    if (!item) return undefined;
    return new LoadJob(table, file, owner, item.checkpoint as Checkpoint | undefined);
  }

  /** Stores a checkpoint and renews the lease; false when the lease was lost (stop: another process owns the load). */
  async save(cp: Checkpoint, now: Date): Promise<boolean> {
    const size = Buffer.byteLength(JSON.stringify(cp));
    if (size > MAX_CHECKPOINT_BYTES) throw new Error(`checkpoint of v${this.file.version_id} is ${size} bytes`);
    this.dirty = true;
    const out = await this.table.update(jobKey(this.file.version_id), {
      set: { checkpoint: cp, lease_until: now.getTime() + JOB_LEASE_MS },
      ifEquals: { owner: this.owner },
    });
    return out !== undefined;
  }

  /** Lets the lease go, keeping the checkpoint (a suspended load, an outage). */
  async release(): Promise<void> {
    await this.table.update(jobKey(this.file.version_id), { set: { lease_until: 0 }, ifEquals: { owner: this.owner } });
  }

  /** Drops the checkpoint and its side items (a load complete, failed, or restarting from the first byte). */
  async discard(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const key = jobKey(this.file.version_id);
    for (const it of await this.table.queryAll(key.pk, { beginsWith: SIDE, consistent: true })) {
      await this.table.delete({ pk: it.pk, sk: it.sk });
    }
    await this.table.update(key, { remove: ['checkpoint'], ifEquals: { owner: this.owner } });
  }

  /** Side items of one consumer, stored beside the checkpoint. */
  side(consumer: string): SideStore {
    const pk = jobKey(this.file.version_id).pk;
    const prefix = `${SIDE}${consumer}#`;
    return {
      put: async (name, value) => {
        this.dirty = true;
        await this.table.put({ pk, sk: `${prefix}${name}`, value } as Item);
      },
      list: async (namePrefix) =>
        (await this.table.queryAll(pk, { beginsWith: `${prefix}${namePrefix}`, consistent: true })).map(
          (it) => it.value as Json,
        ),
    };
  }
}

/** The job item of a version (tests, `archive load` reports): lease and checkpoint as stored. */
export async function readJob(table: Table, versionId: number): Promise<Item | undefined> {
  return table.get(jobKey(versionId), { consistent: true });
}
