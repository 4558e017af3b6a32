import type { TableKind } from '../shared/storage/table-specs';

/**
 * Least privilege as data: what each Lambda may touch. infra/constructs/access.ts turns an entry
 * into IAM statements; tests/infra asserts the consequences (including what is absent).
 *
 * Invariants: archive objects are content addressed and never deleted by the service, so no
 * entry can grant s3:DeleteObject (there is no such level); only the job that ingests files can
 * write the archive table or the bucket; the delivery job cannot read API keys.
 */
export type TableAccess = 'read' | 'readWrite' | 'readWriteDelete';

export type InjectedSecret = 'adminKey' | 'webhookKey';

/** Bucket key prefixes, as the archive stores them: original bytes and text renderings. */
export const BUCKET_PREFIXES = { files: 'files/', text: 'text/' } as const;
export type BucketPrefix = keyof typeof BUCKET_PREFIXES;

export interface Grant {
  tables?: Partial<Record<TableKind, TableAccess>>;
  bucket?: {
    /** s3:GetObject under these prefixes (presigned links are signed with this right). */
    read?: readonly BucketPrefix[];
    /** s3:PutObject and multipart-abort under these prefixes. */
    write?: readonly BucketPrefix[];
    /** s3:ListBucket: HeadBucket needs it, and HeadObject needs it to answer 404 (not 403) for an absent key. */
    list?: true;
  };
  /** The signing key (Secrets Manager secret or SSM parameter named by context). */
  signingKey?: true;
  /**
   * Generated secrets handed to the function at deploy time as CloudFormation dynamic references
   * (the template holds `{{resolve:secretsmanager:...}}`, never the value): the admin API key and
   * the key that encrypts webhook signing secrets at rest. Every group with keys-table access also
   * gets the API-key pepper, since it hashes presented keys.
   */
  secrets?: readonly InjectedSecret[];
  /** scheduler:GetSchedule on the delivery schedule (the deep health probe). */
  deliverySchedule?: true;
  /**
   * Serves the agent-tool surface: receives the browser origins it accepts (context
   * mcpAllowedOrigins) and the API endpoint its tool calls go to (MCP_UPSTREAM_URL).
   */
  mcp?: true;
}

/**
 * Every authenticated group checks the caller's key and counts its usage with atomic increments
 * in the keys table, so it reads and updates that table.
 */
const AUTHENTICATED: Grant['tables'] = { keys: 'readWrite' };

export const GROUP_GRANTS: Readonly<Record<string, Grant>> = {
  /** Public pages and health; the deep probe reads one archive item, heads the bucket, gets the schedule. */
  meta: {
    tables: { archive: 'read' },
    bucket: { list: true },
    deliverySchedule: true,
  },
  /** Archive reads; presigned links to original bytes and text renderings are signed with s3:GetObject. */
  archive: {
    tables: { ...AUTHENTICATED, archive: 'read' },
    bucket: { read: ['files', 'text'] },
  },
  /** Answers from loaded facts and signs them; links to archived files are URLs, not bucket reads. */
  warrant: {
    tables: { ...AUTHENTICATED, archive: 'read', facts: 'read' },
    signingKey: true,
  },
  /** Usage, sources catalog, status and stats: reads across the stores, writes only usage counters. */
  platform: {
    tables: { ...AUTHENTICATED, archive: 'read', facts: 'read', catalog: 'read' },
  },
  /** Key management behind ADMIN_API_KEY (creation undoes a colliding insert with a delete). */
  admin: { tables: { keys: 'readWriteDelete' }, secrets: ['adminKey'] },
  /**
   * The agent-tool surface sends each tool call to the deployment's own endpoint, where the route's
   * own function answers it with that function's grant: /mcp itself is public and reads nothing.
   */
  mcp: { mcp: true },
  /** Registration and the owner's delivery log and redelivery (which reads the change feed). */
  subscriptions: {
    tables: { ...AUTHENTICATED, subscriptions: 'readWrite', archive: 'read' },
    secrets: ['webhookKey'],
  },
};

/**
 * A group not named above (the catalog groups added one by one: exclusions, providers, ...) reads
 * the catalog it serves, the facts and the archive versions it traces answers to, and
 * authenticates callers. Anything more needs an explicit entry.
 */
export const DEFAULT_GROUP_GRANT: Grant = {
  tables: { ...AUTHENTICATED, catalog: 'read', facts: 'read', archive: 'read' },
};

export const JOB_GRANTS: Readonly<Record<string, Grant>> = {
  /**
   * Reads the change feed and the facts table's LOADED markers (a `pending` change whose version
   * is loaded is settled, shared/feed/codes-status.ts), advances cursors and writes the delivery
   * log; never sees API keys.
   */
  delivery: { tables: { subscriptions: 'readWrite', archive: 'read', facts: 'read' }, secrets: ['webhookKey'] },
  /** Archives fetched files, records runs and change records, loads facts and catalog datasets. */
  fetch: {
    tables: { archive: 'readWrite', facts: 'readWrite', catalog: 'readWrite' },
    bucket: { read: ['files', 'text'], write: ['files', 'text'], list: true },
  },
};

export function grantFor(kind: 'group' | 'job', name: string): Grant {
  if (kind === 'job') {
    const g = JOB_GRANTS[name];
    if (!g) throw new Error(`job ${name} has no entry in infra/grants.ts`);
    return g;
  }
  return GROUP_GRANTS[name] ?? DEFAULT_GROUP_GRANT;
}
