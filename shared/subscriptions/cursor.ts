import type { Table } from '../storage/table';
import { subKey } from './model';

export interface Outcome {
  at: Date;
  ok: boolean;
}

/**
 * Move a subscription's cursor from `from` to `to` only if it still holds `from` (a conditional
 * write): of two overlapping runs that read the same cursor, exactly one advances it, and a cursor
 * never moves backwards. The delivery outcome is recorded in the same write. Returns false when
 * another writer got there first.
 */
export async function advanceCursor(
  table: Table,
  id: number,
  from: number,
  to: number,
  outcome?: Outcome,
): Promise<boolean> {
  const set: Record<string, unknown> = { cursor: to };
  const update: Parameters<Table['update']>[1] = { set, ifEquals: { cursor: from, status: 'active' } };
  if (outcome) applyOutcome(update, outcome);
  return (await table.update(subKey(id), update)) !== undefined;
}

/** Record an attempt's outcome without touching the cursor (a failure that settles nothing). */
export async function recordOutcome(table: Table, id: number, outcome: Outcome): Promise<void> {
  const update: Parameters<Table['update']>[1] = { set: {}, ifExists: true };
  applyOutcome(update, outcome);
  await table.update(subKey(id), update);
}

function applyOutcome(update: Parameters<Table['update']>[1], o: Outcome): void {
  const set = update.set as Record<string, unknown>;
  set.last_attempt_at = o.at.toISOString();
  if (o.ok) {
    set.last_success_at = o.at.toISOString();
    set.consecutive_failures = 0;
  } else {
    update.add = { consecutive_failures: 1 };
  }
}
