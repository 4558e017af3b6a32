import type { Config } from '../config';
import type { Clock } from '../deps';
import { ServiceUnavailableError } from '../http/errors';
import type { Logger } from '../log';
import { type PublicKeyInfo, publicKeyInfo, type SigningKey } from './key';
import { ensureKeyFile } from './key-file';
import { parseKeyMaterial } from './key-material';

/** Where remote key material lives; the AWS adapter (shared/aws/key-material-store.ts) implements it. */
export type FetchKeyMaterial = (ref: { kind: 'secret' | 'parameter'; id: string }) => Promise<string>;

/** The deployment's signing key and the previous public keys that stay verifiable. */
export interface KeyRing {
  /** False when SIGNING_KEY_SOURCE=none: responses then carry no attestation block at all. */
  readonly enabled: boolean;
  /**
   * The current signing key, or null when none is configured. Loaded once and cached for the life
   * of the process (one Lambda container); a failed load is not cached, so the next call retries.
   * Throws ServiceUnavailableError (503) when a configured key cannot be loaded: a configured
   * deployment never answers unsigned.
   */
  current(): Promise<SigningKey | null>;
  /** Public keys from SIGNING_PREVIOUS_PUBLIC_KEYS, in the order configured. */
  readonly previous: readonly PublicKeyInfo[];
  /** The current or a previous public key by kid; previous keys are answered without loading the current one. */
  find(kid: string): Promise<PublicKeyInfo | undefined>;
}

export interface KeyRingOptions {
  clock: Clock;
  logger: Logger;
  fetchMaterial?: FetchKeyMaterial;
}

/** A key ring for a configuration; see `keyRingFor` for the per-process cached one. */
export function createKeyRing(config: Config, opts: KeyRingOptions): KeyRing {
  const s = config.signing;
  const previous = s.previousPublicKeys.map((b64) => publicKeyInfo(Buffer.from(b64, 'base64url')));
  const load = async (): Promise<SigningKey | null> => {
    switch (s.source) {
      case 'none':
        return null;
      case 'file':
        return ensureKeyFile(s.file, opts.clock.now()).key;
      case 'secret':
      case 'parameter': {
        if (!opts.fetchMaterial) throw new Error(`no key store is wired for SIGNING_KEY_SOURCE=${s.source}`);
        const id = s.source === 'secret' ? s.secretId : s.parameter;
        if (!id) throw new Error(`SIGNING_KEY_SOURCE=${s.source} without its id`);
        return parseKeyMaterial(await opts.fetchMaterial({ kind: s.source, id }));
      }
    }
  };
  let pending: Promise<SigningKey | null> | undefined;
  const current = () => {
    pending ??= load().catch((e: unknown) => {
      pending = undefined;
      opts.logger.error('signing key could not be loaded', {
        source: s.source,
        error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
      });
      throw new ServiceUnavailableError('The signing key could not be loaded; signed answers are unavailable.');
    });
    return pending;
  };
  return {
    enabled: s.source !== 'none',
    previous,
    current,
    async find(kid) {
      const old = previous.find((p) => p.kid === kid);
      if (old) return old;
      const key = await current();
      return key?.public.kid === kid ? key.public : undefined;
    },
  };
}

const rings = new WeakMap<Config, KeyRing>();

/**
 * The key ring of this process for `config` (config objects are frozen and built once per process),
 * so every group and the start-up step share one lazily loaded key. The first caller's options win.
 */
export function keyRingFor(config: Config, opts: KeyRingOptions): KeyRing {
  let ring = rings.get(config);
  if (!ring) {
    ring = createKeyRing(config, opts);
    rings.set(config, ring);
  }
  return ring;
}
