import { randomBytes } from 'node:crypto';
import type { Deps } from '../../shared/deps';
import { listAttempts } from '../../shared/subscriptions/delivery-log';
import { insertSubscription } from '../../shared/subscriptions/store';
import { forEachLimited } from '../../shared/webhooks/pool';
import { change, seedChanges } from '../../tests/integration/webhooks/fixtures';

export type Kind = 'ok' | 'slow' | 'fail';

/** One subscription of the benchmark and its receiver's behaviour (decided by the URL path). */
export interface Member {
  id: number;
  kind: Kind;
}

/** Every 20th receiver is slow and the next one fails: 5% each, spread evenly through the run. */
export function kindOf(i: number): Kind {
  return i % 20 === 7 ? 'slow' : i % 20 === 13 ? 'fail' : 'ok';
}

/**
 * Register one subscription per index straight in the store (registration is not what is
 * measured), all webhooks on `host` with the behaviour in the path, and seed `changes` change
 * records observed half an hour ago so every subscription has something to receive.
 */
export async function buildFleet(deps: Deps, host: string, indexes: number[], changes: number): Promise<Member[]> {
  const members: Member[] = [];
  const now = deps.clock.now();
  await forEachLimited(indexes, 16, async (i) => {
    const kind = kindOf(i);
    const { sub } = await insertSubscription(deps.tables.subscriptions, {
      owner: `bench-owner-${i % 40}`,
      webhook_url: `https://${host}/${kind}/${i}`,
      codes: [],
      source_ids: [],
      cursor: 0,
      secret: randomBytes(24).toString('base64url'),
      now,
      secretKey: deps.config.webhooks.secretKey,
    });
    members.push({ id: sub.id, kind });
  });
  const observed = new Date(now.getTime() - 30 * 60_000).toISOString();
  await seedChanges(
    deps.tables.archive,
    Array.from({ length: changes }, (_, k) => change(1001 + k, observed)),
  );
  return members;
}

/** What the delivery log says of a member's latest attempt, in ms from `runStart`. */
export interface Observed {
  kind: Kind;
  ok: boolean;
  latencyMs: number;
  /** When the attempt ended, relative to the start of the run. */
  doneAtMs: number;
}

export async function observe(deps: Deps, members: Member[], runStart: number): Promise<Observed[]> {
  const out: Observed[] = [];
  await forEachLimited(members, 16, async (m) => {
    const last = (await listAttempts(deps.tables.subscriptions, m.id, { limit: 1, offset: 0 })).items[0];
    if (!last) throw new Error(`subscription ${m.id} (${m.kind}) has no delivery attempt`);
    out.push({
      kind: m.kind,
      ok: last.ok,
      latencyMs: last.latency_ms,
      doneAtMs: Date.parse(last.at) + last.latency_ms - runStart,
    });
  });
  return out;
}
