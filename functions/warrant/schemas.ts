import { z } from '@hono/zod-openapi';
import { withAttestation } from '../../shared/attestation/schemas';
import { CLAIM_SETTINGS } from '../../shared/warrant/claim-line';
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
  timeline: z.enum(['windowed', 'observed', 'mixed']).nullable().openapi({
    description:
      'How the document’s versions are dated: all by publisher window, all by first observation, or mixed (one rule covers both: /resources/archive-and-as-of).',
  }),
  freshness: z
    .object({ class: z.enum(['fresh', 'stale']), age_days: z.number().int(), evidence_date: z.string() })
    .nullable()
    .openapi({
      description:
        'Age on as_of of a version whose end the publisher did not state, from its start or the last fetch that saw it as the newest version. `stale`: past the stale threshold of the source’s cadence (still used); at the critical threshold the document is a stale_version gap instead. null when the publisher stated the window.',
    }),
  gap: z.string().nullable(),
  gap_detail: z.string().nullable(),
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
    claim_line: z
      .object({
        modifiers: z.array(z.string()),
        units: z.number().int().nullable(),
        zip: z.string().nullable(),
        setting: z.enum(CLAIM_SETTINGS).nullable(),
      })
      .openapi('ClaimLine', {
        description:
          'The claim-line context the answer was resolved for (empty: every candidate row is listed). Selected facts say why in `selected_because`.',
      }),
    versions_in_force: z.array(VersionInForce),
    method: z.string(),
  })
  .openapi('WarrantMeta');

export const WarrantBody = z.object({
  hcpcs: z.string(),
  code_system: z.enum(['hcpcs_level2', 'cpt']),
  code_category: z
    .enum([
      'hcpcs_level2',
      'cdt',
      'cpt_category_1',
      'cpt_category_2',
      'cpt_category_3',
      'cpt_pla',
      'cpt_maaa',
      'cpt_vaccine',
      'cpt_other',
    ])
    .openapi({
      description:
        'The code’s kind: HCPCS Level II, CDT (the Level II D codes, ADA-licensed descriptors), or CPT Category I, II (F), III (T), PLA (U), MAAA (M), vaccine (A). CPT and CDT descriptors are withheld.',
    }),
  meta: WarrantMeta,
  standing: BlockSchema,
  fee: BlockSchema,
  edits: BlockSchema,
  documentation: BlockSchema,
});

export const WarrantAnswerSchema = withAttestation(WarrantBody).openapi('WarrantAnswer');
