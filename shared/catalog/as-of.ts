import type { Clock } from '../deps';

/** The date a catalog read answers for: the caller's `as_of`, else today (UTC) by the deployment's clock. */
export function asOfOrToday(clock: Clock, asOf?: string): string {
  return asOf ?? clock.now().toISOString().slice(0, 10);
}
