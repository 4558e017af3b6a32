import type { Deps } from '../deps';
import { NotFoundError } from '../http/errors';
import { keyStoreFor } from './access-control';
import type { KeyRecord } from './key-store';

const MARKER = { pk: 'DEMO', sk: 'KEY' };
const DEMO = { tier: 'pro' as const, entitlements: ['warrant'] };

/**
 * `npm start` step: make sure a demo key exists (pro tier, warrant entitlement). With DEMO_API_KEY
 * set, that value is registered (its digest only; the secret is never printed). Otherwise a key is
 * generated on first start and its secret printed that once; later starts only say that it exists.
 * Idempotent: a marker item names the current demo key.
 */
export async function ensureDemoKey(deps: Deps): Promise<string[]> {
  const keys = keyStoreFor(deps);
  const table = deps.tables.keys;
  const marker = await table.get(MARKER, { consistent: true });
  const secret = deps.config.demoApiKey;
  if (secret) {
    const digest = keys.digest(secret);
    let key = await keys.lookupDigest(digest);
    key ??= (await keys.create({ ...DEMO, label: 'demo (DEMO_API_KEY)', secret })).record;
    if (marker?.key_id !== key.key_id) await table.put({ ...MARKER, key_id: key.key_id });
    if (key.revoked_at) return [`Demo key ${key.key_id} (DEMO_API_KEY) was revoked; set another DEMO_API_KEY.`];
    return [`Demo key ${key.key_id} from DEMO_API_KEY: ${describe(key)}.`];
  }
  const current = typeof marker?.key_id === 'string' ? await existing(keys, marker.key_id) : undefined;
  if (current && !current.revoked_at) {
    return [
      `Demo key ${current.key_id} exists (${describe(current)}); its secret was shown when it was created and is not stored.`,
      `  Lost it? npm run keys -- revoke ${current.key_id}   then restart for a new one.`,
    ];
  }
  const { record, secret: fresh } = await keys.create({ ...DEMO, label: 'demo (generated at npm start)' });
  await table.put({ ...MARKER, key_id: record.key_id });
  return [
    `Demo API key ${record.key_id} (${describe(record)}), shown this once and not stored:`,
    `  X-API-Key: ${fresh}`,
    `  (for the commands below: export KEY=${fresh})`,
  ];
}

function describe(k: KeyRecord): string {
  return `${k.tier} tier, ${k.daily_allowance.toLocaleString('en-US')} requests a day, entitlements: ${k.entitlements.join(', ') || 'none'}`;
}

async function existing(keys: ReturnType<typeof keyStoreFor>, keyId: string): Promise<KeyRecord | undefined> {
  try {
    return await keys.get(keyId);
  } catch (e) {
    if (e instanceof NotFoundError) return undefined;
    throw e;
  }
}
