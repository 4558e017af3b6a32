import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Clock } from '../../../shared/deps';
import type { Table } from '../../../shared/storage/table';

export const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** A clock tests move by hand. */
export function manualClock(iso: string): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return {
    now: () => new Date(now),
    set(next: string) {
      now = new Date(next);
    },
  };
}

/** A stream that yields `good` bytes, then fails: an upload interrupted midway. */
export function failingStream(good: Buffer, chunk = 4096): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent < good.length) {
        const part = good.subarray(sent, sent + chunk);
        sent += part.length;
        this.push(part);
      } else this.destroy(new Error('connection reset by peer'));
    },
  });
}

/** A stream of `size` deterministic bytes produced on demand (never held in memory at once). */
export function generatedStream(size: number, seed = 7): Readable {
  let sent = 0;
  let x = seed;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(1 << 20, size - sent);
      const buf = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        buf[i] = 32 + (x % 90);
      }
      sent += n;
      this.push(buf);
    },
  });
}

/** Counts of what the archive holds, to prove that a refused ingest changed nothing. */
export async function archiveState(table: Table, sourceId: string) {
  const [changes, files, counter] = await Promise.all([
    table.count('CHANGES'),
    table.count(`SRCFILE#${sourceId}`),
    table.get({ pk: 'COUNTER', sk: 'version_id' }, { consistent: true }),
  ]);
  return { changes, files, counter: Number(counter?.value ?? 0) };
}
