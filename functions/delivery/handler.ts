import '../../shared/datasets/install';
import { buildDeps } from '../../shared/aws/deps';
import { loadConfig } from '../../shared/config';
import { type DeliveryStats, runDelivery } from '../../shared/webhooks/run';

/** The EventBridge Scheduler input (infra/jobs.ts DELIVERY_INPUT); only logged, the run reads the clock. */
export interface DeliveryEvent {
  job?: string;
  scheduled_time?: string;
}

/** The part of the Lambda context the run uses: its time budget. */
export interface LambdaContextLike {
  getRemainingTimeInMillis?: () => number;
}

/** Room left at the end of the budget for the last attempts to finish (one 10 s deadline, DNS included, + writes). */
const FINISH_MARGIN_MS = 30_000;

const deps = buildDeps(loadConfig());

/**
 * The daily webhook run (spec "Events", 14:00 UTC). Subscriptions not reached before the Lambda's
 * budget runs out are deferred with their cursors unmoved, so the next run delivers them.
 */
export async function handler(event: DeliveryEvent = {}, context: LambdaContextLike = {}): Promise<DeliveryStats> {
  const remaining = context.getRemainingTimeInMillis?.();
  const deadline = remaining === undefined ? undefined : Date.now() + remaining - FINISH_MARGIN_MS;
  deps.logger.info('webhook run starting', { scheduled_time: event.scheduled_time ?? null });
  return runDelivery(deps, { deadline });
}
