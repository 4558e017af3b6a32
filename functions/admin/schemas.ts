import { z } from '@hono/zod-openapi';
import { ENTITLEMENTS, TIERS } from '../../shared/auth/tiers';
import { pageOf } from '../../shared/http/paging';

const Tier = z.enum(TIERS).openapi({ example: 'pro' });
const Allowance = z.number().int().min(1).max(1_000_000_000);

export const ApiKeyRecord = z
  .object({
    key_id: z.string().openapi({ example: 'key_3f9a1c0d5e7b2a64' }),
    tier: Tier,
    entitlements: z.array(z.enum(ENTITLEMENTS)),
    label: z.string(),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
    daily_allowance: z.number().int(),
    allowance_override: z.number().int().nullable(),
  })
  .openapi('ApiKeyRecord');

export const CreateKeyBody = z
  .object({
    tier: Tier,
    label: z.string().trim().min(1).max(200).openapi({ example: 'Acme Billing, prod' }),
    entitlements: z.array(z.enum(ENTITLEMENTS)).max(10).optional(),
    daily_allowance: Allowance.optional().openapi({ description: "Overrides the tier's daily allowance." }),
  })
  .strict()
  .openapi('CreateApiKey');

export const CreatedKey = ApiKeyRecord.extend({
  api_key: z.string().openapi({ description: 'The secret, shown this once and never again.' }),
}).openapi('CreatedApiKey');

export const UpdateKeyBody = z
  .object({
    daily_allowance: Allowance.nullable().openapi({ description: "A per-key allowance; null restores the tier's." }),
  })
  .strict()
  .openapi('UpdateApiKey');

export const KeyIdParam = z.object({
  key_id: z
    .string()
    .regex(/^key_[0-9a-f]{16}$/, 'expected key_ followed by 16 hex digits')
    .openapi({ param: { name: 'key_id', in: 'path' }, example: 'key_3f9a1c0d5e7b2a64' }),
});

export const ApiKeyPage = pageOf(ApiKeyRecord, 'ApiKeyPage');
