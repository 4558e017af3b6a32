import * as path from 'node:path';
import { z } from 'zod';
import { deepFreeze } from './freeze';

/**
 * The one place that reads the environment. Every other module receives a parsed, frozen
 * `Config`; tests build one from a plain object with `parseConfig({...})`.
 */
const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const EnvSchema = z.object({
  STORAGE: z.enum(['local', 'aws']).default('local'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  PUBLIC_BASE_URL: optionalUrl,
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{0,64}$/, 'letters, digits, _ . - only')
    .default('ws-'),
  /** `none`: this process reaches no table (the mcp function); the stacks set it where a grant names none. */
  TABLES: z.enum(['none']).optional(),
  TABLE_ARCHIVE: z.string().min(3).optional(),
  TABLE_FACTS: z.string().min(3).optional(),
  TABLE_SUBSCRIPTIONS: z.string().min(3).optional(),
  TABLE_KEYS: z.string().min(3).optional(),
  TABLE_CATALOG: z.string().min(3).optional(),
  ARCHIVE_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a valid S3 bucket name')
    .default('warrant-archive'),
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  SCHEDULER_SCHEDULE_NAME: z.string().min(1).optional(),
  SCHEDULER_GROUP_NAME: z.string().min(1).default('default'),
  SIGNING_KEY_SOURCE: z.enum(['none', 'file', 'secret', 'parameter']).optional(),
  SIGNING_KEY_FILE: z.string().min(1).optional(),
  SIGNING_KEY_SECRET_ID: z.string().min(1).optional(),
  SIGNING_KEY_PARAMETER: z.string().min(1).optional(),
  SIGNING_PREVIOUS_PUBLIC_KEYS: z.string().optional(),
  ADMIN_API_KEY: z.string().min(24, 'at least 24 characters').optional(),
  DEMO_API_KEY: z.string().min(24, 'at least 24 characters').optional(),
  API_KEY_PEPPER: z.string().min(16, 'at least 16 characters').optional(),
  KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  WARRANT_FACT_CACHE_ENTRIES: z.coerce
    .number({ error: 'a whole number of entries' })
    .int('a whole number of entries')
    .min(0, 'at least 0 (0 turns the fact cache off)')
    .max(1_000_000, 'at most 1000000 entries')
    .default(20_000),
  WARRANT_FACT_CACHE_MB: z.coerce
    .number({ error: 'a whole number of megabytes' })
    .int('a whole number of megabytes')
    .min(1, 'at least 1 MB')
    .max(4_096, 'at most 4096 MB')
    .default(64),
  WARRANT_TIMELINE_TTL_MS: z.coerce
    .number({ error: 'a whole number of milliseconds' })
    .int('a whole number of milliseconds')
    .min(0, 'at least 0 (0 reads the timelines on every request)')
    .max(5_000, 'at most 5000 ms (answers must follow new versions within seconds)')
    .default(1_000),
  CATALOG_LIST_CACHE_MB: z.coerce
    .number({ error: 'a whole number of megabytes' })
    .int('a whole number of megabytes')
    .min(0, 'at least 0 (0 turns the listing cache off)')
    .max(4_096, 'at most 4096 MB')
    .default(32),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SEED_SAMPLE_DATA: boolish.default(true),
  LOAD_FACTS_AT_START: boolish.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  FETCH_MAX_BYTES: z.coerce.number().int().min(1).default(2_147_483_648), // 2 GiB
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(900_000).default(60_000),
  FETCH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  FETCH_ACCEPT_LICENSE_GATES: boolish.default(false),
  FETCH_CONTACT: z.email('an e-mail address the publisher can write to').optional(),
  SOCRATA_APP_TOKEN: z.string().min(1).optional(),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  WEBHOOK_ALLOWED_PORTS: z
    .string()
    .default('443')
    .transform((v, ctx) => {
      const ports = v.split(',').map((p) => p.trim());
      if (ports.some((p) => !/^[0-9]{1,5}$/.test(p) || Number(p) < 1 || Number(p) > 65535)) {
        ctx.addIssue({ code: 'custom', message: 'comma-separated port numbers (decimal digits), each 1-65535' });
        return z.NEVER;
      }
      return [...new Set(ports.map(Number))];
    }),
  MCP_UPSTREAM_URL: optionalUrl,
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      for (const o of origins) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(o);
        } catch {
          parsed = undefined;
        }
        if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== o) {
          ctx.addIssue({ code: 'custom', message: `comma-separated origins (scheme://host[:port]), got "${o}"` });
          return z.NEVER;
        }
      }
      return origins;
    }),
  WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'base64url of 32 random bytes (AES-256 key for webhook secrets at rest)')
    .optional(),
});

export type Env = Record<string, string | undefined>;

export interface TableNames {
  readonly archive: string;
  readonly facts: string;
  readonly subscriptions: string;
  readonly keys: string;
  readonly catalog: string;
}

export interface Config {
  readonly storage: 'local' | 'aws';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly publicBaseUrl: string;
  readonly region: string;
  readonly tables: TableNames;
  readonly bucket: string;
  readonly endpoints: { readonly dynamodb?: string; readonly s3?: string };
  readonly scheduler: { readonly scheduleName?: string; readonly groupName: string };
  readonly signing: {
    readonly source: 'none' | 'file' | 'secret' | 'parameter';
    readonly file: string;
    readonly secretId?: string;
    readonly parameter?: string;
    readonly previousPublicKeys: readonly string[];
  };
  readonly adminApiKey?: string;
  readonly demoApiKey?: string;
  /** HMAC key for stored API-key digests; unset: plain SHA-256. Changing it invalidates every key. */
  readonly apiKeyPepper?: string;
  /** How long a process trusts a looked-up active key; bounds how late a revocation elsewhere is seen. */
  readonly keyCacheSeconds: number;
  /**
   * The warrant's in-process caches (shared/warrant/fact-cache.ts, timeline-cache.ts,
   * screen-cache.ts): `factEntries` and `factBytes` (an estimate of the facts' size) bound the LRU
   * of facts per (source, version, loader version, key), 0 entries turning it off; `timelineTtlMs` is how long
   * a process reuses a source timeline (and an exclusion screen) it read, i.e. how late a version
   * archived or loaded by another process can be seen (this process's own loads are seen at once).
   */
  readonly warrantCache: { readonly factEntries: number; readonly factBytes: number; readonly timelineTtlMs: number };
  /**
   * The catalog's in-process cache of whole listings read by joins (shared/catalog/listing-cache.ts):
   * an estimate of their memory, 0 turning it off.
   */
  readonly catalogCache: { readonly listBytes: number };
  /** Outgoing mail (smtp:// or smtps:// URL); the status page reports whether it is configured. */
  readonly smtpUrl?: string;
  readonly seedSampleData: boolean;
  /** `npm start` loads the warrant facts and catalog rows of archived versions not loaded yet before it listens; false skips both (load later with `npm run archive -- load`). */
  readonly loadFactsAtStart: boolean;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Archive fetch runs: size cap per file, idle timeout per request, attempts per URL (network errors, 5xx, 429). */
  readonly fetch: {
    readonly maxBytes: number;
    readonly timeoutMs: number;
    readonly maxAttempts: number;
    /** Follow links behind publisher license click-throughs (the operator accepted their terms). */
    readonly acceptLicenseGates: boolean;
    /**
     * The operator's contact address, declared in the User-Agent of JSON API requests (SEC EDGAR
     * refuses requests without one; json_api sources with `sec_edgar` paging fail until it is set).
     */
    readonly contact?: string;
    /** Socrata application token, sent as `X-App-Token` by `offset` paging that asks for it (never logged). */
    readonly socrataAppToken?: string;
  };
  /** Webhook delivery: parallel deliveries per run; optional key encrypting signing secrets at rest. */
  readonly webhooks: {
    readonly concurrency: number;
    readonly secretKey?: string;
    /** Ports a webhook URL may name (WEBHOOK_ALLOWED_PORTS, default 443), checked at registration and delivery. */
    readonly allowedPorts: readonly number[];
  };
  /**
   * The agent-tool surface (/mcp): browser origins allowed besides PUBLIC_BASE_URL's own
   * (MCP_ALLOWED_ORIGINS, comma-separated); a request with any other Origin is refused (DNS rebinding).
   */
  readonly mcp: {
    readonly allowedOrigins: readonly string[];
    /**
     * Where tool calls go (MCP_UPSTREAM_URL, the deployment's own API endpoint, set by the stack on
     * the mcp function): the function answering /mcp serves no other group. Unset on `npm start`,
     * where tool calls go through the app /mcp is mounted in.
     */
    readonly upstreamUrl?: string;
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** Parse an environment object into a frozen Config; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Env): Config {
  // Parsed once per process: zod's compiled fast path for objects would cost more to build than it saves.
  const result = EnvSchema.safeParse(env, { jitless: true });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const source = e.SIGNING_KEY_SOURCE ?? (e.STORAGE === 'local' ? 'file' : 'none');
  if (source === 'secret' && !e.SIGNING_KEY_SECRET_ID) {
    throw new ConfigError('SIGNING_KEY_SECRET_ID', 'required when SIGNING_KEY_SOURCE=secret');
  }
  if (source === 'parameter' && !e.SIGNING_KEY_PARAMETER) {
    throw new ConfigError('SIGNING_KEY_PARAMETER', 'required when SIGNING_KEY_SOURCE=parameter');
  }
  if (e.STORAGE === 'aws') requireProductionSecrets(e);
  const previous = (e.SIGNING_PREVIOUS_PUBLIC_KEYS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const k of previous) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(k)) {
      throw new ConfigError('SIGNING_PREVIOUS_PUBLIC_KEYS', 'comma-separated base64url 32-byte Ed25519 public keys');
    }
  }
  const t = (name: keyof TableNames, override: string | undefined) => override ?? `${e.TABLE_PREFIX}${name}`;
  const config: Config = {
    storage: e.STORAGE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    region: e.AWS_REGION,
    tables: {
      archive: t('archive', e.TABLE_ARCHIVE),
      facts: t('facts', e.TABLE_FACTS),
      subscriptions: t('subscriptions', e.TABLE_SUBSCRIPTIONS),
      keys: t('keys', e.TABLE_KEYS),
      catalog: t('catalog', e.TABLE_CATALOG),
    },
    bucket: e.ARCHIVE_BUCKET,
    endpoints: { dynamodb: e.DYNAMODB_ENDPOINT, s3: e.S3_ENDPOINT },
    scheduler: { scheduleName: e.SCHEDULER_SCHEDULE_NAME, groupName: e.SCHEDULER_GROUP_NAME },
    signing: {
      source,
      file: path.resolve(e.SIGNING_KEY_FILE ?? path.join(dataDir, 'signing-key.json')),
      secretId: e.SIGNING_KEY_SECRET_ID,
      parameter: e.SIGNING_KEY_PARAMETER,
      previousPublicKeys: previous,
    },
    adminApiKey: e.ADMIN_API_KEY,
    demoApiKey: e.DEMO_API_KEY,
    apiKeyPepper: e.API_KEY_PEPPER,
    keyCacheSeconds: e.KEY_CACHE_SECONDS,
    warrantCache: {
      factEntries: e.WARRANT_FACT_CACHE_ENTRIES,
      factBytes: e.WARRANT_FACT_CACHE_MB * 1024 * 1024,
      timelineTtlMs: e.WARRANT_TIMELINE_TTL_MS,
    },
    catalogCache: { listBytes: e.CATALOG_LIST_CACHE_MB * 1024 * 1024 },
    smtpUrl: e.SMTP_URL,
    seedSampleData: e.SEED_SAMPLE_DATA,
    loadFactsAtStart: e.LOAD_FACTS_AT_START,
    logLevel: e.LOG_LEVEL,
    fetch: {
      maxBytes: e.FETCH_MAX_BYTES,
      timeoutMs: e.FETCH_TIMEOUT_MS,
      maxAttempts: e.FETCH_MAX_ATTEMPTS,
      acceptLicenseGates: e.FETCH_ACCEPT_LICENSE_GATES,
      contact: e.FETCH_CONTACT,
      socrataAppToken: e.SOCRATA_APP_TOKEN,
    },
    webhooks: {
      concurrency: e.WEBHOOK_CONCURRENCY,
      secretKey: e.WEBHOOK_SECRET_KEY,
      allowedPorts: e.WEBHOOK_ALLOWED_PORTS,
    },
    mcp: { allowedOrigins: e.MCP_ALLOWED_ORIGINS, upstreamUrl: e.MCP_UPSTREAM_URL?.replace(/\/+$/, '') },
  };
  return deepFreeze(config);
}

/**
 * On AWS storage a process that can reach the keys table needs API_KEY_PEPPER (stored key digests
 * are HMACs under it; without it they would be plain SHA-256), and one that can reach the
 * subscriptions table needs WEBHOOK_SECRET_KEY (webhook signing secrets are sealed under it).
 * A process reaches a table when its TABLE_* variable is set, or, when no TABLE_* variable is set
 * at all, every table (names from TABLE_PREFIX); none with TABLES=none. The CDK stacks inject each secret into exactly the
 * functions granted that table (infra/environment.ts), so a deployment that lost one refuses to start.
 */
function requireProductionSecrets(e: z.infer<typeof EnvSchema>): void {
  if (e.TABLES === 'none') return;
  const named = [e.TABLE_ARCHIVE, e.TABLE_FACTS, e.TABLE_SUBSCRIPTIONS, e.TABLE_KEYS, e.TABLE_CATALOG].some(Boolean);
  const reaches = (table: string | undefined) => !named || Boolean(table);
  if (reaches(e.TABLE_KEYS) && !e.API_KEY_PEPPER) {
    throw new ConfigError(
      'API_KEY_PEPPER',
      'required on AWS storage (STORAGE=aws) for a process that reads API keys: stored key digests are keyed by it',
    );
  }
  if (reaches(e.TABLE_SUBSCRIPTIONS) && !e.WEBHOOK_SECRET_KEY) {
    throw new ConfigError(
      'WEBHOOK_SECRET_KEY',
      'required on AWS storage (STORAGE=aws) for a process that reads subscriptions: webhook secrets are encrypted at rest with it',
    );
  }
}

let cached: Config | undefined;

/** The process-wide config, parsed from process.env on first use. */
export function loadConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
