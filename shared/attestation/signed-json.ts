import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import type { Clock } from '../deps';
import type { AppEnv } from '../http/types';
import { type Attestation, publicKeyUrl, type SignedResponse, signResponse } from './attest';
import { issuedAt } from './issued-at';
import type { KeyRing } from './key-ring';

declare module '../http/types' {
  interface AppVariables {
    /** Set by `provideSigner` on the routes whose answers are signed. */
    signer?: ResponseSigner;
  }
}

/** Signs final response bodies with the deployment's current key (none: no attestation block). */
export interface ResponseSigner {
  readonly keys: KeyRing;
  /** The signed body and its exact text, or null when no signing key is configured. */
  sign<T extends object>(body: T): Promise<SignedResponse<T> | null>;
}

export function createResponseSigner(keys: KeyRing, clock: Clock, publicBaseUrl: string): ResponseSigner {
  return {
    keys,
    async sign(body) {
      const key = await keys.current();
      if (!key) return null;
      return signResponse(body, key, {
        issuedAt: issuedAt(clock),
        publicKeyUrl: publicKeyUrl(publicBaseUrl, key.public.kid),
      });
    },
  };
}

/** Middleware that makes `signer` available to `signedJson` on the routes it is installed on. */
export function provideSigner(signer: ResponseSigner): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('signer', signer);
    await next();
  };
}

export type SignedJsonResponse<T, S extends ContentfulStatusCode> = Response &
  TypedResponse<JSONParsed<T & { attestation?: Attestation }>, S, 'json'>;

/**
 * The one way a signed route answers: `return signedJson(c, body, 200)`, as the handler's last
 * step, with the final body. The body is signed and sent as exactly the bytes that were signed
 * over; no later step may change it (the app's middleware only adds headers). Without a configured
 * key the body is sent as is, with no attestation block. A configured key that cannot be loaded is
 * a 503 problem, never an unsigned answer. The route must sit under `provideSigner`.
 */
export async function signedJson<T extends object, S extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  body: T,
  status: S,
): Promise<SignedJsonResponse<T, S>> {
  const signer = c.get('signer');
  if (!signer) throw new Error('signedJson() needs provideSigner() on this route');
  const signed = await signer.sign(body);
  if (!signed) return c.json(body, status) as unknown as SignedJsonResponse<T, S>;
  return c.body(signed.text, status, { 'Content-Type': 'application/json' }) as unknown as SignedJsonResponse<T, S>;
}
