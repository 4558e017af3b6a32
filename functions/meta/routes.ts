import { createRouter, type RouteGroup } from '../../shared/http/app';
import { mountChangelog } from './changelog';
import { mountDocs } from './docs';
import { mountExamples } from './examples';
import { mountHealth } from './health';
import { mountPricing } from './pricing';
import { mountProblems } from './problems';
import { mountResources } from './resources';

/** Platform meta: health, status, change log, docs and other pages that describe the service. */
export const metaGroup: RouteGroup = {
  name: 'meta',
  description: 'Health, status, change log, docs, pricing and other meta pages',
  build(deps) {
    const router = createRouter();
    mountHealth(router, deps);
    mountDocs(router);
    mountChangelog(router);
    mountResources(router);
    mountExamples(router);
    mountPricing(router);
    mountProblems(router);
    return router;
  },
};
