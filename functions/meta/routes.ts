import { createRouter, type RouteGroup } from '../../shared/http/app';
import { mountHealth } from './health';

/** Platform meta: health, status, change log, docs and other pages that describe the service. */
export const metaGroup: RouteGroup = {
  name: 'meta',
  description: 'Health, status, change log, docs, pricing and other meta pages',
  build(deps) {
    const router = createRouter();
    mountHealth(router, deps);
    return router;
  },
};
