import type { Logger } from '../log';

/** Who is calling, set by the access-control middleware (shared/auth) when an API key was accepted. */
export interface Principal {
  /** Stable key id (not the secret); owner of subscriptions and usage. */
  keyId: string;
  tier: 'free' | 'starter' | 'pro' | 'scale' | 'enterprise';
  entitlements: readonly string[];
  admin: boolean;
}

/** Variables every request carries through the Hono context. */
export interface AppVariables {
  requestId: string;
  publicBaseUrl: string;
  logger: Logger;
  principal?: Principal;
  /**
   * The accepted customer key as the middleware read it (absent for public and admin routes). Its
   * type belongs to shared/auth, which depends on this folder: read it with auth's `acceptedKey(c)`.
   */
  apiKey?: unknown;
}

export interface AppEnv {
  Variables: AppVariables;
}
