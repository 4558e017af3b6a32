import { z } from '@hono/zod-openapi';
import { SIGNED_STATEMENT } from './attest';

const KID_EXAMPLE = 'ed25519-21fe31dfa154a261';

/** The attestation block as published in the contract (spec "Attestation block"). */
export const AttestationSchema = z
  .object({
    alg: z.literal('Ed25519'),
    kid: z
      .string()
      .openapi({ example: KID_EXAMPLE, description: '`ed25519-` and 16 hex characters from the public key.' }),
    issued_at: z.string().openapi({
      example: '2026-11-21T19:07:46.285123+00:00',
      description: 'Time of signing: ISO 8601 with microseconds and a UTC offset. Signed.',
    }),
    canonicalization: z.literal('RFC8785'),
    signed: z.string().openapi({ example: SIGNED_STATEMENT }),
    public_key_url: z
      .string()
      .openapi({ example: `http://localhost:8787/rules/warrant/signing-key?kid=${KID_EXAMPLE}` }),
    signature: z.string().openapi({
      description: 'Ed25519 signature, base64url without padding; the only field the signature does not cover.',
    }),
  })
  .openapi('Attestation', {
    description:
      'Present when the deployment has a signing key; absent (never empty or fake) when it has none. Verify it with GET /rules/warrant/signing-key.',
  });

/**
 * A signed answer's schema: `schema` plus the optional attestation block. Routes that answer with
 * `signedJson` declare their 200 body with this.
 */
export function withAttestation<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  return schema.extend({ attestation: AttestationSchema.optional() });
}

/** The signing-key resource (spec "Signing-key resource"). */
export const SigningKeySchema = z
  .object({
    alg: z.literal('Ed25519'),
    kid: z.string().openapi({ example: KID_EXAMPLE }),
    canonicalization: z.literal('RFC8785'),
    public_key_b64url: z.string().openapi({ description: 'The 32-byte raw public key, base64url without padding.' }),
    public_key_pem: z.string().openapi({ description: 'The same key as a PEM SubjectPublicKeyInfo block.' }),
    verify: z.string().openapi({ description: 'The verification recipe in one line.' }),
  })
  .openapi('SigningKey');

export type SigningKeyResource = z.infer<typeof SigningKeySchema>;
