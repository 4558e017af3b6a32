import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SSMClient } from '@aws-sdk/client-ssm';
import type { FetchKeyMaterial } from '../attestation/key-ring';
import type { Config } from '../config';

export interface KeyStoreClients {
  secretsManager?: SecretsManagerClient;
  ssm?: SSMClient;
}

/**
 * The signing key's material from AWS: a Secrets Manager secret (SecretString) or an SSM
 * parameter (SecureString, decrypted). Each SDK module is imported on first use only, so a
 * container pays the load time of the one it reads (the SSM client alone is ~200 KiB bundled), and
 * deployments that sign from a file, or not at all, load neither. The key ring calls this once per
 * container.
 */
export function awsKeyMaterial(config: Config, clients: KeyStoreClients = {}): FetchKeyMaterial {
  return async ({ kind, id }) => {
    if (kind === 'secret') {
      const sm = await import('@aws-sdk/client-secrets-manager');
      clients.secretsManager ??= new sm.SecretsManagerClient({ region: config.region, maxAttempts: 3 });
      const out = await clients.secretsManager.send(new sm.GetSecretValueCommand({ SecretId: id }));
      if (!out.SecretString) throw new Error(`secret ${id} has no SecretString`);
      return out.SecretString;
    }
    const ssm = await import('@aws-sdk/client-ssm');
    clients.ssm ??= new ssm.SSMClient({ region: config.region, maxAttempts: 3 });
    const out = await clients.ssm.send(new ssm.GetParameterCommand({ Name: id, WithDecryption: true }));
    const value = out.Parameter?.Value;
    if (!value) throw new Error(`parameter ${id} has no value`);
    return value;
  };
}
