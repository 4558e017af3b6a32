import { keyRingFor } from '../../shared/attestation/key-ring';
import { createResponseSigner, type ResponseSigner } from '../../shared/attestation/signed-json';
import { awsKeyMaterial } from '../../shared/aws/key-material-store';
import type { Deps } from '../../shared/deps';

/**
 * The deployment's response signer: key source from config (file locally, a secret or parameter
 * on AWS), loaded lazily and cached once per process for this config.
 */
export function signerFor(deps: Deps): ResponseSigner {
  const keys = keyRingFor(deps.config, {
    clock: deps.clock,
    logger: deps.logger,
    fetchMaterial: awsKeyMaterial(deps.config),
  });
  return createResponseSigner(keys, deps.clock, deps.config.publicBaseUrl);
}
