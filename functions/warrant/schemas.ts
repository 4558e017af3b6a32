import { z } from '@hono/zod-openapi';
import { withAttestation } from '../../shared/attestation/schemas';
import { BlockSchema } from '../../shared/warrant/schema';

const VersionInForce = z.object({
  source_id: z.string(),
  doc_id: z.string(),
  version_id: z.number().int().nullable(),
  sha256: z.string().nullable(),
  publisher_version: z.string().nullable(),
  as_of_rule: z.string().nullable(),
  loaded: z.boolean().nullable().openapi({
    description:
      "Whether this version's facts are loaded. null: the document carries no facts of its own; its rows are read while the documents that do load (the MCD join tables: LCD and article titles, contractors, jurisdictions).",
  }),
  gap: z.string().nullable(),
});

export const WarrantMeta = z
  .object({
    as_of: z.string().openapi({ description: 'The date of service the warrant was resolved against.' }),
    npi: z.string().nullable(),
    state: z.string().nullable(),
    contract_version: z.literal('v1'),
    ptp_pairs_total: z
      .number()
      .int()
      .openapi({ description: 'PTP pairs in force for the code (the warrant lists at most 200).' }),
    versions_in_force: z.array(VersionInForce),
    method: z.string(),
  })
  .openapi('WarrantMeta');

export const WarrantBody = z.object({
  hcpcs: z.string(),
  code_system: z.enum(['hcpcs_level2', 'cpt']),
  meta: WarrantMeta,
  standing: BlockSchema,
  fee: BlockSchema,
  edits: BlockSchema,
  documentation: BlockSchema,
});

export const WarrantAnswerSchema = withAttestation(WarrantBody).openapi('WarrantAnswer');
