/**
 * @warrant-service/client (early access, 0.1): the typed client of the /v1 contract.
 *
 * - `createClient({ baseUrl, apiKey, asOf })`: an openapi-fetch client typed per path and method by
 *   `schema.d.ts`, which `npm run client` generates from contract/openapi.json (openapi-typescript),
 *   with one middleware (`apiKeyAndAsOf`) that adds X-API-Key and the default `as_of`.
 * - `verifySignedResponse(response, key)`: the offline attestation verifier (Ed25519 over RFC 8785);
 *   it refuses a key whose kid is not the one derived from its bytes. `verifyWithPublishedKey(response,
 *   { trustedOrigins })` fetches the key named by the response and answers `ok: false, unpinned: true`
 *   for a good signature unless that URL's origin is one you trust.
 * - `verifyWebhook(rawBody, signatureHeader, secret)`: the webhook delivery signature check.
 *
 * The verifiers are copies of the service's own (shared/attestation/verify.ts,
 * shared/webhooks/verify.ts) made by `npm run client` into `vendor/`, so this package depends on
 * nothing outside itself; the staleness check fails when a copy differs from its source.
 */
export {
  apiKeyAndAsOf,
  type Client,
  type ClientOptions,
  createClient,
  type DataOf,
  type DefaultedPaths,
  type ErrorOf,
  type HttpMethod,
  type PathsWith,
  type Result,
} from './client';
export type { components, operations, paths } from './schema';
export {
  base64urlDecode,
  isVerificationKey,
  type KeyFetch,
  kidForPublicKey,
  originOf,
  type PublishedKeyOptions,
  signingInput,
  type Verification,
  type VerificationKey,
  verifySignedResponse,
  verifyWithPublishedKey,
} from './vendor/attestation/verify';
export { computeSignature, parseVerifiedWebhook, type RawBody, verifyWebhook } from './vendor/webhooks/verify';
