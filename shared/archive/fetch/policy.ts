/**
 * Which URLs the fetcher may request. Production fetches https only. Tests (and only tests)
 * allow plain http to named hosts, e.g. a local server on 127.0.0.1. A redirect is followed only
 * when its target is allowed by the same rule and keeps the scheme of the hop before it: https
 * never downgrades to http, and no other scheme (ftp:, file:, data:) is ever followed.
 */
export interface UrlPolicy {
  /** Hosts (hostname, or hostname:port) that may be fetched over plain http. Default none. */
  allowInsecureHosts?: readonly string[];
  /**
   * Follow links behind a publisher's license click-through (a declared `gate`, e.g. CMS's AMA
   * CPT page in front of the NCCI PTP zips). Off unless the operator has accepted those terms
   * (FETCH_ACCEPT_LICENSE_GATES=true); gated links are then refused with the terms named.
   */
  acceptLicenseGates?: boolean;
}

/** A request the policy forbids; never retried. */
export class FetchPolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchPolicyError';
  }
}

/** Parses and checks a URL to fetch; throws FetchPolicyError when it is not allowed. */
export function checkUrl(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchPolicyError(`not a URL: ${raw}`);
  }
  if (url.username || url.password) throw new FetchPolicyError(`credentials in URL are not allowed: ${url.host}`);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:') {
    const allowed = policy.allowInsecureHosts ?? [];
    if (allowed.includes(url.hostname) || allowed.includes(url.host)) return url;
    throw new FetchPolicyError(`plain http is not allowed: ${url.origin}`);
  }
  throw new FetchPolicyError(`scheme ${url.protocol} is not allowed`);
}

/** Resolves a Location header against the current URL and checks the hop (same scheme, allowed). */
export function checkRedirect(from: URL, location: string | undefined, policy: UrlPolicy): URL {
  if (!location) throw new FetchPolicyError(`redirect from ${from.href} without a Location`);
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new FetchPolicyError(`redirect to an invalid URL: ${location}`);
  }
  if (target.protocol !== from.protocol) {
    throw new FetchPolicyError(`redirect changes scheme (${from.protocol} to ${target.protocol}): ${target.href}`);
  }
  return checkUrl(target.href, policy);
}
