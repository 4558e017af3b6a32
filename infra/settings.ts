import * as path from 'node:path';

/**
 * Deployment settings, read from CDK context (cdk.json or `-c key=value`). Secrets are referenced
 * by name only: no key material ever passes through the CDK app or the template.
 */
export type SigningKeyRef = { kind: 'secret'; name: string } | { kind: 'parameter'; name: string } | { kind: 'none' };

export interface Settings {
  /** Prefix of every physical name (tables, bucket, functions, schedules, stacks). */
  namePrefix: string;
  signingKey: SigningKeyRef;
  /** Comma-separated base64url public keys of retired signing keys, so old attestations verify. */
  signingPreviousPublicKeys?: string;
  /** A custom domain in front of the HTTP API; default: the API's own execute-api URL. */
  publicBaseUrl?: string;
  alarmEmail?: string;
  /** Stage-wide HTTP API throttling (requests per second, burst). */
  apiRateLimit: number;
  apiBurstLimit: number;
  /** Where `npm run build` put the bundles: <bundleDir>/<name>/index.js. */
  bundleDir: string;
  /**
   * Deploy each bundle's source map and run Node with `--enable-source-maps`, so logged stacks name
   * source files and lines. Off by default: it costs every cold start (infra/DEPLOY.md "Bundles").
   */
  sourceMaps: boolean;
  archiveBucketName?: string;
  /**
   * Bump to make CloudFormation re-resolve the injected secrets (it resolves dynamic references
   * only when a function's configuration changes), e.g. after rotating the admin key.
   */
  secretsRevision?: string;
  /**
   * The operator accepts the publishers' license click-throughs that gate some files (CMS's AMA
   * CPT page in front of the NCCI PTP zips): fetch runs then follow those links. Default false.
   */
  acceptLicenseGates: boolean;
  /**
   * Browser origins allowed to call the agent-tool surface (/mcp) besides the API's own, comma-separated
   * (`https://app.example.com,http://localhost:6274`); the mcp function's MCP_ALLOWED_ORIGINS.
   */
  mcpAllowedOrigins?: string;
}

type Context = (key: string) => unknown;

function text(ctx: Context, key: string): string | undefined {
  const v = ctx(key);
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
}

function positiveInt(ctx: Context, key: string, fallback: number): number {
  const s = text(ctx, key);
  if (s === undefined) return fallback;
  const n = Number(s);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`context ${key}: a positive integer, got "${s}"`);
  return n;
}

function flag(ctx: Context, key: string): boolean {
  const s = text(ctx, key);
  if (s === undefined || s === 'false') return false;
  if (s === 'true') return true;
  throw new Error(`context ${key}: true or false, got "${s}"`);
}

/** Parse the context once; a bad value stops synthesis with a message naming the key. */
export function readSettings(ctx: Context, root: string): Settings {
  const stage = text(ctx, 'stage') ?? 'prod';
  const secret = text(ctx, 'signingKeySecretName');
  const parameter = text(ctx, 'signingKeyParameterName');
  if (secret && parameter) {
    throw new Error('context: set signingKeySecretName or signingKeyParameterName, not both');
  }
  const signingKey: SigningKeyRef = secret
    ? { kind: 'secret', name: secret }
    : parameter
      ? { kind: 'parameter', name: parameter }
      : { kind: 'none' };
  const publicBaseUrl = text(ctx, 'publicBaseUrl');
  if (publicBaseUrl && !/^https:\/\/[^/\s]+(\/[^\s]*)?$/.test(publicBaseUrl)) {
    throw new Error(`context publicBaseUrl: an https URL, got "${publicBaseUrl}"`);
  }
  const mcpAllowedOrigins = text(ctx, 'mcpAllowedOrigins');
  for (const o of mcpAllowedOrigins?.split(',').map((x) => x.trim()) ?? []) {
    if (!/^https?:\/\/[^/\s]+$/.test(o)) {
      throw new Error(`context mcpAllowedOrigins: comma-separated origins (scheme://host[:port]), got "${o}"`);
    }
  }
  return {
    namePrefix: text(ctx, 'namePrefix') ?? `warrant-${stage}`,
    signingKey,
    signingPreviousPublicKeys: text(ctx, 'signingPreviousPublicKeys'),
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, ''),
    alarmEmail: text(ctx, 'alarmEmail'),
    apiRateLimit: positiveInt(ctx, 'apiRateLimit', 50),
    apiBurstLimit: positiveInt(ctx, 'apiBurstLimit', 100),
    bundleDir: path.resolve(root, text(ctx, 'bundleDir') ?? 'dist/lambda'),
    sourceMaps: flag(ctx, 'sourceMaps'),
    archiveBucketName: text(ctx, 'archiveBucketName'),
    secretsRevision: text(ctx, 'secretsRevision'),
    acceptLicenseGates: flag(ctx, 'acceptLicenseGates'),
    mcpAllowedOrigins,
  };
}
