import { z } from '@hono/zod-openapi';
import { CODE_SHAPE_MESSAGE, codeSystem, normalizeCode } from '../../shared/codes/hcpcs';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';
import { SOURCE_ID_PATTERN } from '../../shared/sources/registry';
import { FAILURE_CLASSES } from '../../shared/webhooks/failure';
import { MAX_WEBHOOK_URL_LENGTH } from '../../shared/webhooks/url-safety';

const Code = z
  .string()
  .refine((c) => codeSystem(normalizeCode(c)) !== undefined, CODE_SHAPE_MESSAGE)
  .openapi({ example: 'E0601' });

export const SubscriptionRequest = z
  .object({
    channel: z.literal('webhook').openapi({ description: 'The only channel: `webhook`.' }),
    webhook_url: z.string().min(1).max(MAX_WEBHOOK_URL_LENGTH).openapi({
      format: 'uri',
      example: 'https://hooks.example.com/warrant',
      description:
        'https only, no credentials, port 443 only (unless the operator allows more), and every address the host resolves to must be public; checked again at each delivery.',
    }),
    codes: z
      .array(Code)
      .max(1000)
      .optional()
      .openapi({ description: 'HCPCS/CPT codes: changes to documents governing these codes.' }),
    source_ids: z
      .array(z.string().regex(SOURCE_ID_PATTERN, 'expected an archive source id'))
      .max(100)
      .optional()
      .openapi({ description: 'Archive source ids (GET /v1/archive/sources). Neither field: every source.' }),
  })
  .strict()
  .openapi('SubscriptionRequest');

const subscriptionFields = {
  subscription_id: z.number().int().openapi({ description: 'Appears as subscription_id in deliveries.' }),
  channel: z.literal('webhook'),
  webhook_url: z.string().openapi({ format: 'uri' }),
  codes: z.array(z.string()),
  source_ids: z.array(z.string()),
  status: z.enum(['active', 'unsubscribed']),
  cursor: z.number().int().openapi({ description: 'Highest version_id settled (delivered, out of scope or expired).' }),
  created_at: z.string().openapi({ format: 'date-time' }),
  unsubscribed_at: z.string().nullable().openapi({ format: 'date-time' }),
  last_attempt_at: z.string().nullable().openapi({ format: 'date-time' }),
  last_success_at: z.string().nullable().openapi({ format: 'date-time' }),
  consecutive_failures: z.number().int(),
};

export const Subscription = z.object(subscriptionFields).openapi('Subscription', {
  description: 'A webhook subscription as its owner sees it; the signing secret is never shown again.',
});

export const SubscriptionRegistration = z
  .object({
    ...subscriptionFields,
    signing_secret: z.string().openapi({
      description: 'Shown once. HMAC-SHA256 key (its UTF-8 bytes) of X-Service-Signature.',
    }),
    unsubscribe_token: z.string().openapi({ description: 'Shown once. For POST /v1/subscriptions/unsubscribe.' }),
  })
  .openapi('SubscriptionRegistration');

export const DeliveryAttempt = z
  .object({
    attempt_id: z.string(),
    at: z.string().openapi({ format: 'date-time' }),
    kind: z.enum(['scheduled', 'redelivery']),
    ok: z.boolean(),
    status_code: z.number().int().nullable().openapi({ description: 'Receiver status; null when none arrived.' }),
    error: z.enum(FAILURE_CLASSES).nullable().openapi({
      description:
        'Why the attempt failed, as a class only (never the raw network error); null on success. `timeout`: no answer within the 10 s deadline, which covers DNS resolution and the exchange together; `dns`: the host did not resolve; `blocked_address`: the host resolves to an address that is not public; `blocked_url`: the URL no longer meets the rule (e.g. its port is no longer allowed); `refused`: the connection was refused, reset or dropped; `tls`: the TLS handshake failed; `redirect`: a 3xx, not followed; `non_2xx`: any other status (in status_code); `not_sent`: the signing secret could not be opened (service side).',
    }),
    latency_ms: z.number().int(),
    count: z.number().int().openapi({ description: 'Changes in the body.' }),
    first_version_id: z.number().int().nullable(),
    last_version_id: z.number().int().nullable(),
  })
  .openapi('DeliveryAttempt');

export const RedeliveryRequest = z
  .object({
    from: DateString.openapi({ description: 'First UTC day, inclusive.' }),
    to: DateString.openapi({ description: 'Last UTC day, inclusive.' }),
  })
  .strict()
  .openapi('RedeliveryRequest');

export const RedeliveryResult = z
  .object({
    subscription_id: z.number().int(),
    window: z.object({
      from: z.string().openapi({ format: 'date-time' }),
      to: z.string().openapi({ format: 'date-time' }),
    }),
    count: z.number().int(),
    attempt: DeliveryAttempt.nullable().openapi({ description: 'null when no change matched: no request sent.' }),
  })
  .openapi('RedeliveryResult');

export const IdParam = z.object({
  id: queryInt((n) => n.min(1).max(Number.MAX_SAFE_INTEGER)).openapi({
    param: { name: 'id', in: 'path' },
    example: 42,
  }),
});

export const TokenQuery = z.object({
  token: z
    .string()
    .min(8)
    .max(256)
    .openapi({ param: { name: 'token', in: 'query' }, description: 'unsubscribe_token from registration.' }),
});
