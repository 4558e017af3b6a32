import type { DeliveryAttempt } from '../subscriptions/delivery-log';
import type { UrlRefusal } from './url-safety';

/**
 * Why a delivery attempt failed, as the subscriber sees it in the delivery log. Deliberately
 * coarse (issue 17 point 4): a raw socket or TLS error ("connect ECONNREFUSED 10.1.2.3:443",
 * "EHOSTUNREACH", an OpenSSL trace) would turn the log into a port and host scanner run from the
 * service's network. The detail stays in the operator's logs only.
 */
export const FAILURE_CLASSES = [
  /** The attempt's single deadline (DNS resolution and exchange together) passed. */
  'timeout',
  /** The host name did not resolve. */
  'dns',
  /** The host is, or resolves to, an address that is not globally reachable (or is localhost). */
  'blocked_address',
  /** The URL no longer satisfies the webhook URL rule (scheme, credentials, port, length). */
  'blocked_url',
  /** The connection was refused, reset or dropped before a response arrived. */
  'refused',
  /** The TLS handshake failed (certificate not trusted, wrong name, not TLS at all). */
  'tls',
  /** The receiver answered 3xx: redirects are not followed. */
  'redirect',
  /** The receiver answered outside 2xx (its status is in status_code). */
  'non_2xx',
  /** Nothing was sent: the subscription's signing secret could not be opened (operator side). */
  'not_sent',
] as const;

export type FailureClass = (typeof FAILURE_CLASSES)[number];

const KNOWN: ReadonlySet<string> = new Set(FAILURE_CLASSES);

/** How a URL refused at delivery time shows in the delivery log. */
const REFUSAL_CLASS: Record<UrlRefusal, FailureClass> = {
  invalid: 'blocked_url',
  too_long: 'blocked_url',
  scheme: 'blocked_url',
  credentials: 'blocked_url',
  port: 'blocked_url',
  localhost: 'blocked_address',
  private_address: 'blocked_address',
  dns: 'dns',
  timeout: 'timeout',
};

/** The class of a URL refused at delivery time (the rule is re-checked before every attempt). */
export function classOfRefusal(refusal: UrlRefusal): FailureClass {
  return REFUSAL_CLASS[refusal];
}

/** The failure class of an HTTP status, or null when it is a success. */
export function classOfStatus(status: number): FailureClass | null {
  if (status >= 200 && status < 300) return null;
  return status >= 300 && status < 400 ? 'redirect' : 'non_2xx';
}

/**
 * The class of a stored log entry's `error`. Entries written before the classes existed hold a
 * free-text message; they are read as its class so no raw socket error is ever served again.
 */
export function storedFailure(ok: boolean, error: string | null, status: number | null): FailureClass | null {
  if (ok) return null;
  if (error !== null && KNOWN.has(error)) return error as FailureClass;
  const e = error ?? '';
  if (/^no response within/.test(e)) return 'timeout';
  if (/^not sent/.test(e)) return 'not_sent';
  if (/^refused at delivery: .*(does not resolve)/.test(e)) return 'dns';
  if (/^refused at delivery: .*(https|credentials|longer than|valid absolute|no host)/.test(e)) return 'blocked_url';
  if (/^refused at delivery/.test(e)) return 'blocked_address';
  if (/^connection failed: .*(CERT|SSL|TLS|EPROTO|SIGNATURE|ALTNAME)/i.test(e)) return 'tls';
  if (status !== null) return classOfStatus(status) ?? 'non_2xx';
  return 'refused';
}

/** A delivery-log entry as served: `error` is a failure class, never free text. */
export type LoggedAttempt = Omit<DeliveryAttempt, 'error'> & { error: FailureClass | null };

/** A stored entry as served; entries written before the classes existed are read as their class. */
export function toLoggedAttempt(a: DeliveryAttempt): LoggedAttempt {
  return { ...a, error: storedFailure(a.ok, a.error, a.status_code) };
}
