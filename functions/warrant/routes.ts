import { provideSigner } from '../../shared/attestation/signed-json';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { mountAccuracy } from './accuracy';
import { mountAppeal } from './appeal';
import { mountWarrantChanges } from './changes';
import { mountSigningKey } from './public-key';
import { mountRuleReads } from './rules';
import { signerFor } from './signer';
import { WARRANT_TOOLS } from './tools';
import { mountWarrant } from './warrant';

/**
 * Warrant reads and their signing key. Every route under /rules/warrant has the response signer on
 * its context, so signed answers end with `return signedJson(c, body, 200)`.
 */
export const warrantGroup: RouteGroup = {
  name: 'warrant',
  description: '/rules/warrant: signed warrant, appeal and warrant-changes answers, and the signing key',
  tools: WARRANT_TOOLS,
  build(deps) {
    const router = createRouter();
    const signer = signerFor(deps);
    router.use('/rules/warrant/*', provideSigner(signer)); // also matches /rules/warrant itself
    mountSigningKey(router, signer);
    mountWarrant(router, deps);
    mountWarrantChanges(router, deps);
    mountAppeal(router, deps);
    mountRuleReads(router, deps);
    mountAccuracy(router, deps);
    return router;
  },
};
