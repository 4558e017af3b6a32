import { createRouter, type RouteGroup } from '../../shared/http/app';
import { registerEmployerRoutes } from './employers-routes';
import { EMPLOYER_TOOLS } from './employers-tools';

/**
 * Employer health plans and PBMs from Form 5500 filings (issue 20). Paths stay under /rx, as the
 * specification lists them; the area is its own Lambda (README "Endpoint groups").
 */
export const employersGroup: RouteGroup = {
  name: 'employers',
  description:
    '/rx/employers(/{ein}, /metros, /integration), /rx/pbms: Form 5500 employer health plans and PBMs with a curated ownership table',
  tools: EMPLOYER_TOOLS,
  build(deps) {
    const router = createRouter();
    registerEmployerRoutes(router, deps);
    return router;
  },
};
