import type { Logger } from '../log';

/** Variables every request carries through the Hono context. */
export interface AppVariables {
  requestId: string;
  publicBaseUrl: string;
  logger: Logger;
}

export interface AppEnv {
  Variables: AppVariables;
}
