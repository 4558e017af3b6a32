import type { RouteGroup } from '../shared/http/app';
import { metaGroup } from './meta/routes';

/** Every endpoint group, in mount order. Each is one Lambda on AWS; `npm start` mounts them all. */
export const ALL_GROUPS: readonly RouteGroup[] = [metaGroup];
