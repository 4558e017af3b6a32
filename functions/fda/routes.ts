import { createRouter, type RouteGroup } from '../../shared/http/app';
import { registerApprovalRoutes } from './approvals-routes';
import { registerEstablishmentRoutes } from './establishments-routes';
import { registerLabelRoutes } from './labels-routes';
import { registerRecallRoutes } from './recalls-routes';
import { FDA_TOOLS } from './tools';

/**
 * The FDA product reads of drug economics (issue 19): approvals and approved products with the
 * launch radar (Drugs@FDA, Orange Book), labels and pharmacologic classes (DailyMed), recalls
 * (openFDA enforcement reports) and registered establishments (DECRS). Paths stay under /rx; they
 * are their own Lambda so that no function's index.js passes the 1 MB budget (README "Endpoint
 * groups").
 */
export const fdaGroup: RouteGroup = {
  name: 'fda',
  description:
    '/rx/approvals, /rx/approved-products and its launch-radar: Drugs@FDA and Orange Book; /rx/labels(/{set_id}), /rx/drug-classes: DailyMed labels and pharmacologic classes; /rx/recalls: FDA recall enforcement reports (openFDA); /rx/establishments(/operations): registered drug establishments (DECRS)',
  tools: FDA_TOOLS,
  build(deps) {
    const router = createRouter();
    registerApprovalRoutes(router, deps);
    registerLabelRoutes(router, deps);
    registerRecallRoutes(router, deps);
    registerEstablishmentRoutes(router, deps);
    return router;
  },
};
