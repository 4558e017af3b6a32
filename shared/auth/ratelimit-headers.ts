/**
 * The quota advertised in the structured-field form of draft-ietf-httpapi-ratelimit-headers-11
 * (May 2026; same syntax since -09): `RateLimit-Policy: "daily";q=<allowance>;w=86400` (§3) and
 * `RateLimit: "daily";r=<remaining>;t=<seconds to the next UTC midnight>` (§4). The quota unit is
 * the default ("requests"); the window is the UTC day.
 */
export const POLICY_NAME = 'daily';
export const WINDOW_SECONDS = 86_400;

export interface QuotaState {
  allowance: number;
  used: number;
  /** Seconds until the counter resets (next UTC midnight). */
  resetSeconds: number;
}

export function rateLimitHeaders(q: QuotaState): Record<string, string> {
  const remaining = Math.max(0, q.allowance - q.used);
  return {
    'RateLimit-Policy': `"${POLICY_NAME}";q=${q.allowance};w=${WINDOW_SECONDS}`,
    RateLimit: `"${POLICY_NAME}";r=${remaining};t=${q.resetSeconds}`,
  };
}
