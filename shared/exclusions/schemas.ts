import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema, RowSourceSchema } from '../catalog/provenance';

/** Response shapes of the exclusion reads (named, so the contract shows them once). */
export const ExclusionRecordSchema = z
  .object({
    entity_type: z.enum(['individual', 'organization', 'unknown']),
    name: z.string().openapi({ description: 'The name as the list prints it.' }),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    middle_name: z.string().nullable(),
    organization_name: z.string().nullable(),
    other_names: z.array(z.string()).openapi({ description: 'A.k.a. and d.b.a. names the row lists.' }),
    npis: z.array(z.string()),
    npi_text: z.string().nullable().openapi({ description: 'The NPI cell as published when it is not clean NPIs.' }),
    dob: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable().openapi({ description: "The row's address state." }),
    zip: z.string().nullable(),
    license_number: z.string().nullable(),
    provider_type: z.string().nullable(),
    action: z.string().nullable().openapi({ description: 'Exclusion type, sanction or action as published.' }),
    start_date: z.string().nullable(),
    end_date: z.string().nullable().openapi({ description: 'Reinstatement, expiration or end of the period.' }),
    end_note: z.string().nullable().openapi({ description: 'A non-date end as published (PERMANENT).' }),
    waiver_date: z.string().nullable(),
    waiver_state: z.string().nullable(),
  })
  .openapi('ExclusionRecord');

export const MatchSchema = z
  .object({
    method: z.enum(['npi', 'name_state_dob', 'name_state', 'name_dob']),
    on: z.array(z.string()),
    name_source: z.enum(['input', 'registry']).nullable().openapi({
      description: 'Whether the matched name was given in the request or read from the NPPES registry for the NPI.',
    }),
  })
  .openapi('ExclusionMatch', { description: 'How the row matched.' });

const rowFields = {
  list: z.enum(['federal', 'state']),
  list_id: z.string().openapi({
    description:
      'Which list the row is from, by its source id: `oig_leie` (HHS OIG LEIE), `gsa_sam_exclusions` (SAM.gov), `state_exclusions_<st>` (a state Medicaid list).',
    example: 'oig_leie',
  }),
  list_state: z.string().nullable().openapi({ description: 'The state whose list this is; null for a federal list.' }),
  in_force: z.boolean().openapi({ description: 'Whether the exclusion applies on the as_of date.' }),
  record: ExclusionRecordSchema,
  source: RowSourceSchema,
  also_in: z.array(RowSourceSchema).openapi({
    description: 'Other rows of the same exclusion in the versions used (a supplement, a reinstatement).',
  }),
};

export const ExclusionRowSchema = z.object(rowFields).openapi('ExclusionRow');
export const ExclusionHitSchema = z.object({ ...rowFields, match: MatchSchema }).openapi('ExclusionHit');

export const ProviderSummarySchema = z
  .object({
    npi: z.string(),
    entity_type: z.enum(['individual', 'organization']).nullable(),
    name: z.string().nullable(),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    organization_name: z.string().nullable(),
    practice_state: z.string().nullable(),
    mailing_state: z.string().nullable(),
    primary_taxonomy: z.string().nullable(),
    deactivation_date: z.string().nullable(),
    reactivation_date: z.string().nullable(),
    source: RowSourceSchema,
  })
  .openapi('RegistryProviderSummary', { description: 'The NPI as the NPPES registry lists it.' });

export const provenanceFields = {
  sources: z
    .array(CatalogSourceVersionSchema)
    .openapi({ description: 'The archived versions this answer was built from.' }),
  gaps: z.array(CatalogGapSchema).openapi({ description: 'Lists that could not answer for the date.' }),
};

export type ExclusionRow = z.infer<typeof ExclusionRowSchema>;
export type ExclusionHit = z.infer<typeof ExclusionHitSchema>;
export type ProviderSummary = z.infer<typeof ProviderSummarySchema>;
