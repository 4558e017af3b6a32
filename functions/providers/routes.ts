import { createRouter, type RouteGroup } from '../../shared/http/app';
import { registerDacRoutes } from './dac-routes';
import { registerFinancialRoutes } from './financial-routes';
import { registerLicenseRoutes } from './license-routes';
import { registerQualityRoutes } from './quality-routes';
import { PROVIDERS_TOOLS } from './tools';
import { registerTrialsRoutes } from './trials-routes';

/**
 * Provider reads (issue 21): the dossier, employment, quality, licences and discipline, financial
 * affiliation and hospital affiliates. Each area registers its routes from its own
 * `<area>-routes.ts`.
 */
export const providersGroup: RouteGroup = {
  name: 'providers',
  description:
    '/provider, /quality, /mips, /licenses, /accuracy/discipline-coverage, /dac: providers, their quality, licences, discipline, employment and affiliations',
  tools: PROVIDERS_TOOLS,
  build(deps) {
    const router = createRouter();
    registerDacRoutes(router, deps);
    registerQualityRoutes(router, deps);
    registerFinancialRoutes(router, deps);
    registerTrialsRoutes(router, deps);
    registerLicenseRoutes(router, deps);
    return router;
  },
};
