import { SecretValue } from 'aws-cdk-lib';
import type { TableKind } from '../shared/storage/table-specs';
import type { Grant } from './grants';
import type { Names } from './naming';
import type { Settings } from './settings';

const TABLE_VARS: Readonly<Record<TableKind, string>> = {
  archive: 'TABLE_ARCHIVE',
  facts: 'TABLE_FACTS',
  subscriptions: 'TABLE_SUBSCRIPTIONS',
  keys: 'TABLE_KEYS',
  catalog: 'TABLE_CATALOG',
};

/**
 * The environment of one Lambda, in the names shared/config.ts parses: only the variables for
 * what its grant lets it reach, so a variable's presence never suggests access the role lacks.
 */
export function environmentFor(
  grant: Grant,
  opts: { names: Names; settings: Settings; publicBaseUrl?: string; apiEndpoint?: string },
): Record<string, string> {
  const { names, settings } = opts;
  const env: Record<string, string> = { STORAGE: 'aws', LOG_LEVEL: 'info' };
  for (const kind of Object.keys(grant.tables ?? {}) as TableKind[]) env[TABLE_VARS[kind]] = names.table(kind);
  // Without a TABLE_* variable the config would take every table as reachable (and ask for their secrets).
  if (Object.keys(grant.tables ?? {}).length === 0) env.TABLES = 'none';
  if (grant.bucket) env.ARCHIVE_BUCKET = names.bucket;
  if (opts.publicBaseUrl) env.PUBLIC_BASE_URL = opts.publicBaseUrl;
  if (grant.signingKey) {
    const key = settings.signingKey;
    env.SIGNING_KEY_SOURCE = key.kind;
    if (key.kind === 'secret') env.SIGNING_KEY_SECRET_ID = key.name;
    if (key.kind === 'parameter') env.SIGNING_KEY_PARAMETER = key.name;
    if (settings.signingPreviousPublicKeys) env.SIGNING_PREVIOUS_PUBLIC_KEYS = settings.signingPreviousPublicKeys;
  } else {
    env.SIGNING_KEY_SOURCE = 'none';
  }
  if (grant.tables?.keys) env.API_KEY_PEPPER = secretReference(names.secret('api-key-pepper'));
  if (grant.secrets?.includes('adminKey')) env.ADMIN_API_KEY = secretReference(names.secret('admin-api-key'));
  if (grant.secrets?.includes('webhookKey')) {
    env.WEBHOOK_SECRET_KEY = secretReference(names.secret('webhook-secret-key'));
  }
  const injected = grant.tables?.keys || grant.secrets?.length;
  if (injected && settings.secretsRevision) env.SECRETS_REVISION = settings.secretsRevision;
  // Only the fetch job writes archived files; it alone follows publisher links.
  if (grant.bucket?.write && settings.acceptLicenseGates) env.FETCH_ACCEPT_LICENSE_GATES = 'true';
  if (grant.mcp && settings.mcpAllowedOrigins) env.MCP_ALLOWED_ORIGINS = settings.mcpAllowedOrigins;
  if (grant.mcp) {
    if (!opts.apiEndpoint) throw new Error('the agent-tool surface needs the API endpoint its tool calls go to');
    env.MCP_UPSTREAM_URL = opts.apiEndpoint;
  }
  if (grant.deliverySchedule) {
    env.SCHEDULER_SCHEDULE_NAME = names.deliverySchedule;
    env.SCHEDULER_GROUP_NAME = names.scheduleGroup;
  }
  return env;
}

/**
 * A CloudFormation dynamic reference: CloudFormation resolves it while deploying, so the value
 * reaches the function's configuration without ever appearing in the template or the CDK app.
 */
export function secretReference(secretName: string): string {
  return SecretValue.secretsManager(secretName).unsafeUnwrap();
}
