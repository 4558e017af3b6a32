import '../shared/datasets/install';
import type { RouteGroup } from '../shared/http/app';
import { lambdaHandlerOf } from './lambda-shell';

/** A Lambda entry for one endpoint group, with every dataset folder installed (shared/datasets/install.ts). */
export function lambdaHandler(group: RouteGroup) {
  return lambdaHandlerOf(group);
}
