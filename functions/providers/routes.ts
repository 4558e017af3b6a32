import { createRouter, type RouteGroup } from '../../shared/http/app';
import { registerLicenseRoutes } from './license-routes';
import { PROVIDERS_TOOLS } from './tools';

/**
 * Provider reads (issue 21): the dossier, employment, quality, licences and discipline, financial
 * affiliation and hospital affiliates. Each area registers its routes from its own
 * `<area>-routes.ts`; paths not built yet answer 501 from the catalog group (functions/catalog/planned.ts).
 */
export const providersGroup: RouteGroup = {
  name: 'providers',
  description:
    '/provider, /quality, /licenses, /accuracy/discipline-coverage, /dac: providers, their quality, licences, discipline, employment and affiliations',
  tools: PROVIDERS_TOOLS,
  build(deps) {
    const router = createRouter();
    registerLicenseRoutes(router, deps);
    return router;
  },
};
