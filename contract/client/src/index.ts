/**
 * @warrant-service/client (early access, 0.1): the typed client of the /v1 contract.
 *
 * - `createClient({ baseUrl, apiKey, asOf })`: calls typed per path and method from `schema.d.ts`,
 *   which `npm run client` generates from contract/openapi.json.
 * - `verifySignedResponse(response, key)`: the offline attestation verifier (Ed25519 over RFC 8785).
 * - `verifyWebhook(rawBody, signatureHeader, secret)`: the webhook delivery signature check.
 *
 * The verifiers are copies of the service's own (shared/attestation/verify.ts,
 * shared/webhooks/verify.ts) made by `npm run client` into `vendor/`, so this package depends on
 * nothing outside itself; the staleness check fails when a copy differs from its source.
 */
export {
  type Client,
  type ClientOptions,
  createClient,
  type DataOf,
  type ErrorOf,
  type HttpMethod,
  type PathsWith,
  type Result,
} from './client';
export type { components, operations, paths } from './schema';
export {
  base64urlDecode,
  isVerificationKey,
  signingInput,
  type Verification,
  type VerificationKey,
  verifySignedResponse,
  verifyWithPublishedKey,
} from './vendor/attestation/verify';
export { computeSignature, parseVerifiedWebhook, type RawBody, verifyWebhook } from './vendor/webhooks/verify';
