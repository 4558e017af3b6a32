import { createRoute, z } from '@hono/zod-openapi';
import { KID_PATTERN } from '../../shared/attestation/key';
import { signingKeyResource } from '../../shared/attestation/key-resource';
import { SigningKeySchema } from '../../shared/attestation/schemas';
import type { ResponseSigner } from '../../shared/attestation/signed-json';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';

const SigningKeyQuery = z.object({
  kid: z
    .string()
    .regex(KID_PATTERN, 'expected ed25519- followed by 16 lowercase hex characters')
    .optional()
    .openapi({
      param: { name: 'kid', in: 'query' },
      description: 'A key id from an attestation block; omit for the current key.',
      example: 'ed25519-21fe31dfa154a261',
    }),
});

const signingKey = createRoute({
  method: 'get',
  path: '/rules/warrant/signing-key',
  tags: ['Warrant'],
  summary: 'Public key that verifies signed answers',
  description:
    'No API key needed. The Ed25519 public key that signs warrant, appeal and warrant-changes answers, with the one-line verification recipe. `kid` selects the current or a previous key (previous keys stay verifiable after a rotation). 404 for an unknown kid, and 404 without `kid` when no signing key is configured on this deployment (its answers then carry no attestation block). 503 when a configured key cannot be loaded.',
  request: { query: SigningKeyQuery },
  responses: {
    200: jsonResponse(SigningKeySchema, 'The signing key.'),
    ...problemResponses(400, 404, 503),
  },
});

/** GET /rules/warrant/signing-key: public, cacheable (a kid names immutable key material). */
export function mountSigningKey(router: ReturnType<typeof createRouter>, signer: ResponseSigner): void {
  router.openapi(signingKey, async (c) => {
    const { kid } = c.req.valid('query');
    const body = await signingKeyResource(signer.keys, kid);
    c.header('Cache-Control', kid ? 'public, max-age=86400' : 'public, max-age=300');
    return c.json(body, 200);
  });
}
