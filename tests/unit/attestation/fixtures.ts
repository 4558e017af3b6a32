import { keyFromSeed } from '../../../shared/attestation/key';

/**
 * TEST ONLY: the secret key of RFC 8032 §7.1 "TEST 1", public knowledge, never a service key.
 * Its public key and the signature of the empty message are given by the RFC.
 */
export const RFC8032_TEST1 = {
  seedHex: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
  publicHex: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
  emptyMessageSignatureHex:
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
};

export const testKey = () => keyFromSeed(Buffer.from(RFC8032_TEST1.seedHex, 'hex'));

export const FIXED_ISSUED_AT = '2026-11-21T19:07:46.285123+00:00';

/** A response shaped like a warrant answer, with nesting, arrays, nulls, numbers and non-ASCII text. */
export function sampleResponse(): Record<string, unknown> {
  return {
    hcpcs: 'J9271',
    standing: { status: 'covered', reasons: ['NCD 110.17', 'LCD L33394'], gap: null },
    fee: {
      amount: 4123.57,
      currency: 'USD',
      units: 1,
      modifiers: [],
      locality: { id: '01', name: 'Ciudad Añasco – Zone €' },
    },
    edits: [
      { kind: 'mue', limit: 100, adjudication: 3, active: true },
      { kind: 'ptp', pair: ['J9271', '96413'], modifier_allowed: false },
    ],
    documentation: { required: ['order', 'pathology'], notes: 'Emoji 😀 and tab\tand "quotes"' },
    meta: { as_of: '2025-03-15', large: 9007199254740991, tiny: 1e-7, big: 1e21, neg: -0.5 },
  };
}
