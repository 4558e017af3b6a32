import { handle } from 'hono/aws-lambda';
import { buildApp } from '../shared/app/build';
import { buildDeps } from '../shared/aws/deps';
import { type Config, loadConfig } from '../shared/config';
import type { RouteGroup } from '../shared/http/app';

/**
 * A Lambda entry for one endpoint group: config parsed once, adapters built once per container.
 * Without the dataset registry: ./lambda.ts installs it for the groups that read sources; a group
 * that reads none (mcp) starts from here and bundles none of them. `check` refuses, at cold start,
 * a configuration the group cannot serve.
 */
export function lambdaHandlerOf(group: RouteGroup, check?: (config: Config) => void) {
  const config = loadConfig();
  check?.(config);
  const deps = buildDeps(config);
  return handle(buildApp([group], deps));
}
