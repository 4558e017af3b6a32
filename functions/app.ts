import '../shared/datasets/install';
import { buildApp } from '../shared/app/build';
import type { Deps } from '../shared/deps';
import { ALL_GROUPS } from './groups';

/** Every group in one app: the local server and in-process tests use this. */
export function buildFullApp(deps: Deps) {
  return buildApp(ALL_GROUPS, deps);
}
