import { normalizeCode } from '../codes/hcpcs';
import type { Deps } from '../deps';
import { latestVersionId } from '../feed/query';
import { ValidationError } from '../http/errors';
import type { Page, PageParams } from '../http/paging';
import { listAttempts } from '../subscriptions/delivery-log';
import { publicView, type SubscriptionView } from '../subscriptions/model';
import { getOwnedSubscription, insertSubscription, listOwned, unsubscribeByToken } from '../subscriptions/store';
import { type LoggedAttempt, toLoggedAttempt } from './failure';
import { newSigningSecret } from './hmac';
import type { Resolver } from './resolver';
import type { Transport } from './sender';
import { checkWebhookUrl } from './url-safety';

/** What the subscription endpoints are built from: the shared deps plus injectable network seams. */
export interface WebhookServiceDeps extends Pick<Deps, 'config' | 'clock' | 'logger' | 'tables'> {
  resolver: Resolver;
  /** Code-injected only (tests): never derived from configuration or a request. */
  transport?: Transport;
  /** Whether a source id names a known archive source. */
  isKnownSource: (sourceId: string) => boolean;
}

export interface RegistrationInput {
  channel: 'webhook';
  webhook_url: string;
  codes?: string[];
  source_ids?: string[];
}

export interface Registration extends SubscriptionView {
  /** Shown once: HMAC-SHA256 key of the X-Service-Signature header (its UTF-8 bytes). */
  signing_secret: string;
  /** Shown once: the capability for POST /v1/subscriptions/unsubscribe; only its hash is stored. */
  unsubscribe_token: string;
}

/**
 * Register a webhook for the calling key. The URL must pass the safety rule now (and again at
 * every delivery). The cursor starts at the feed head: a new subscription receives changes
 * observed from its registration on; older ones are in the change feed.
 */
export async function registerSubscription(
  d: WebhookServiceDeps,
  owner: string,
  input: RegistrationInput,
): Promise<Registration> {
  const codes = [...new Set((input.codes ?? []).map(normalizeCode))];
  const sourceIds = [...new Set(input.source_ids ?? [])];
  sourceIds.forEach((id, i) => {
    if (!d.isKnownSource(id)) {
      throw new ValidationError([
        { loc: ['body', 'source_ids', i], msg: `unknown archive source '${id}'`, type: 'unknown_source' },
      ]);
    }
  });
  const check = await checkWebhookUrl(input.webhook_url, d.resolver, {
    allowedPorts: d.config.webhooks.allowedPorts,
  });
  if (!check.ok) throw ValidationError.single('body', 'webhook_url', check.reason, 'unsafe_url');
  const secret = newSigningSecret();
  const { sub, token } = await insertSubscription(d.tables.subscriptions, {
    owner,
    webhook_url: check.target.url.href,
    codes,
    source_ids: sourceIds,
    cursor: await latestVersionId(d.tables.archive),
    secret,
    now: d.clock.now(),
    secretKey: d.config.webhooks.secretKey,
  });
  d.logger.info('subscription registered', { subscription_id: sub.id, codes: codes.length, sources: sourceIds.length });
  return { ...publicView(sub), signing_secret: secret, unsubscribe_token: token };
}

/** Unregister by token; a second call answers the same, an unknown token is a 404. */
export async function unsubscribe(d: WebhookServiceDeps, token: string): Promise<SubscriptionView> {
  return publicView(await unsubscribeByToken(d.tables.subscriptions, token, d.clock.now()));
}

export async function getSubscriptionView(d: WebhookServiceDeps, owner: string, id: number): Promise<SubscriptionView> {
  return publicView(await getOwnedSubscription(d.tables.subscriptions, id, owner));
}

export async function listSubscriptionViews(
  d: WebhookServiceDeps,
  owner: string,
  p: PageParams,
): Promise<Page<SubscriptionView>> {
  const page = await listOwned(d.tables.subscriptions, owner, p);
  return { ...page, items: page.items.map(publicView) };
}

/** The owner's delivery log, newest first, failures as their class only; someone else's subscription is a 404. */
export async function listDeliveries(
  d: WebhookServiceDeps,
  owner: string,
  id: number,
  p: PageParams,
): Promise<Page<LoggedAttempt>> {
  await getOwnedSubscription(d.tables.subscriptions, id, owner);
  const page = await listAttempts(d.tables.subscriptions, id, p);
  return { ...page, items: page.items.map(toLoggedAttempt) };
}
