/**
 * Declarations of the DynamoDB tables (plain data, no runtime dependencies), shared by the local
 * bootstrap (shared/local/bootstrap.ts) and the CDK data stack (infra/), so both build the same
 * keys and indexes.
 */
export const TABLE_KINDS = ['archive', 'facts', 'subscriptions', 'keys', 'catalog'] as const;
export type TableKind = (typeof TABLE_KINDS)[number];

export interface TableSpec {
  kind: TableKind;
  purpose: string;
  gsis: readonly ('gsi1' | 'gsi2')[];
}

export const TABLE_SPECS: readonly TableSpec[] = [
  { kind: 'archive', purpose: 'files, documents, versions, runs, change feed, counters', gsis: ['gsi1', 'gsi2'] },
  { kind: 'facts', purpose: 'facts parsed per source, archive version and code', gsis: ['gsi1', 'gsi2'] },
  { kind: 'subscriptions', purpose: 'webhook subscriptions, cursors, delivery log', gsis: ['gsi1', 'gsi2'] },
  { kind: 'keys', purpose: 'API keys (hashed) and daily usage counters', gsis: ['gsi1', 'gsi2'] },
  { kind: 'catalog', purpose: 'catalog datasets loaded per archive version', gsis: ['gsi1', 'gsi2'] },
];
