import { parseArgs } from 'node:util';
import { keyStoreFor } from '../shared/auth/access-control';
import type { KeyRecord } from '../shared/auth/key-store';
import { ENTITLEMENTS, isEntitlement, isTier, TIERS } from '../shared/auth/tiers';
import type { Deps } from '../shared/deps';
import { AppError } from '../shared/http/errors';
import { runCliMain, UsageError } from './cli-main';

const USAGE = `Operator CLI for API keys.

  npm run keys -- create --tier <${TIERS.join('|')}> --label <text> [--entitlement <${ENTITLEMENTS.join('|')}>]... [--allowance <n>]
  npm run keys -- revoke <key_id>
  npm run keys -- set-allowance <key_id> <n|tier>
  npm run keys -- list [--limit n] [--offset n]

Add --json for machine-readable output. The secret of a created key is printed once and never stored.`;

/**
 * The CLI's commands against the given deps (the test calls this in-process). Returns the exit code;
 * writes only to `out`. Errors the service raises (unknown key id) become a message and exit code 1.
 */
export async function runKeysCommand(argv: string[], deps: Deps, out: (line: string) => void): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    out(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const keys = keyStoreFor(deps);
  const show = (k: KeyRecord, extra: Record<string, string> = {}) =>
    out(values.json ? JSON.stringify({ ...k, ...extra }) : describe(k, extra));
  try {
    switch (command) {
      case 'create': {
        const tier = values.tier ?? '';
        if (!isTier(tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')}`);
        if (!values.label?.trim()) throw new UsageError('--label is required (who the key is for)');
        const bad = (values.entitlement ?? []).find((e) => !isEntitlement(e));
        if (bad) throw new UsageError(`unknown entitlement '${bad}' (known: ${ENTITLEMENTS.join(', ')})`);
        const allowance = values.allowance === undefined ? undefined : positiveInt(values.allowance, '--allowance');
        const { record, secret } = await keys.create({
          tier,
          label: values.label.trim(),
          entitlements: values.entitlement,
          allowance,
        });
        show(record, { api_key: secret });
        if (!values.json) out('The secret above is shown once; it is not stored anywhere.');
        return 0;
      }
      case 'revoke': {
        show(await keys.revoke(required(rest[0], '<key_id>')));
        if (!values.json) out(`A running server notices within ${deps.config.keyCacheSeconds} s (KEY_CACHE_SECONDS).`);
        return 0;
      }
      case 'set-allowance': {
        const id = required(rest[0], '<key_id>');
        const n = required(rest[1], '<n|tier>');
        show(await keys.setAllowance(id, n === 'tier' ? null : positiveInt(n, '<n>')));
        return 0;
      }
      case 'list': {
        const page = await keys.list({
          limit: values.limit ? positiveInt(values.limit, '--limit') : 1000,
          offset: values.offset ? Number(values.offset) : 0,
        });
        for (const k of page.items) show(k);
        if (!values.json) out(`${page.items.length} of ${page.total ?? '?'} keys`);
        return 0;
      }
      default:
        throw new UsageError(command ? `unknown command '${command}'` : 'no command given');
    }
  } catch (e) {
    if (e instanceof UsageError) {
      out(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof AppError) {
      out(e.message);
      return 1;
    }
    throw e;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      tier: { type: 'string' },
      label: { type: 'string' },
      entitlement: { type: 'string', multiple: true },
      allowance: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
}

function describe(k: KeyRecord, extra: Record<string, string>): string {
  const state = k.revoked_at ? `revoked ${k.revoked_at}` : 'active';
  const lines = [
    `${k.key_id}  ${k.tier}  ${k.daily_allowance}/day  [${k.entitlements.join(',')}]  ${state}  created ${k.created_at}  ${k.label}`,
  ];
  if (extra.api_key) lines.push(`  X-API-Key: ${extra.api_key}`);
  return lines.join('\n');
}

function required(v: string | undefined, name: string): string {
  if (!v) throw new UsageError(`missing ${name}`);
  return v;
}

function positiveInt(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} must be a positive integer`);
  return n;
}

if (require.main === module) {
  runCliMain('keys', USAGE, (argv, deps) => runKeysCommand(argv, deps, (l) => process.stdout.write(`${l}\n`)));
}
