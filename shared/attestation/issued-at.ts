import { type Clock, systemClock } from '../deps';

/**
 * `issued_at`: ISO 8601 with microseconds and an explicit UTC offset, e.g.
 * `2026-11-21T19:07:46.285123+00:00`.
 *
 * The date, time and milliseconds come from the injected clock. With the system clock the three
 * sub-millisecond digits come from the monotonic high-resolution timer (they can only refine the
 * clock's millisecond, never move it); with any other clock (tests) they are 000, so a fixed clock
 * gives a fixed timestamp.
 */
export function issuedAt(clock: Clock): string {
  const d = clock.now();
  const ms = d.getTime();
  if (!Number.isFinite(ms)) throw new Error('the clock returned an invalid date');
  const micros = clock === systemClock ? Number(process.hrtime.bigint() / 1000n) % 1000 : 0;
  return formatIssuedAt(d, micros);
}

/** Format a date plus 0-999 extra microseconds as `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`. */
export function formatIssuedAt(d: Date, extraMicros: number): string {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  return `${iso.slice(0, 23)}${String(extraMicros).padStart(3, '0')}+00:00`;
}

export const ISSUED_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;
