import '../shared/datasets/install';
import { handle } from 'hono/aws-lambda';
import { buildApp } from '../shared/app/build';
import { buildDeps } from '../shared/aws/deps';
import { loadConfig } from '../shared/config';
import type { RouteGroup } from '../shared/http/app';

/** A Lambda entry for one endpoint group: config parsed once, adapters built once per container. */
export function lambdaHandler(group: RouteGroup) {
  const deps = buildDeps(loadConfig());
  return handle(buildApp([group], deps));
}
