import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../catalog/provenance';

/** The dataset CCN links will be made from (a site's facility -> a hospital's CCN by name and ZIP). */
export const CCN_DATASET = 'cms_hospital_general_information';

export const NpiCandidateSchema = z
  .object({
    npi: z.string(),
    name: z.string().openapi({ description: 'The registry name (first, middle, last, credential).' }),
    practice_city: z.string().nullable(),
    practice_state: z.string().nullable(),
    practice_postal_code: z.string().nullable(),
    primary_taxonomy: z.string().nullable(),
    confidence: z.number().openapi({ description: 'From 0 to 1: how well name and place agree (see `method`).' }),
    matched_on: z.array(z.enum(['last_name', 'first_name', 'first_initial', 'middle_initial', 'zip', 'city', 'state'])),
    differs_on: z.array(z.enum(['middle_initial'])),
    registry_version_id: z.number().int(),
  })
  .openapi('TrialNpiCandidate');

export const NpiLinkSchema = z
  .object({
    person: z.object({
      name: z.string().nullable().openapi({ description: 'As the study registers it.' }),
      role: z.string().nullable(),
      kind: z.enum(['overall_official', 'site_investigator']),
      site_index: z
        .number()
        .int()
        .nullable()
        .openapi({ description: 'Index in `sites` of a site investigator; null for an official.' }),
    }),
    status: z.enum(['linked', 'ambiguous', 'unconfirmed', 'no_match', 'not_searched']).openapi({
      description:
        '`linked`: exactly one registry individual reaches the link threshold (0.8): `npi` is that candidate, still a match by name and place, not an identifier the study gives. `ambiguous`: several reach it; none is claimed. `unconfirmed`: candidates below the threshold only; none is claimed. `no_match`: no individual of that last name and first initial practises in the states searched. `not_searched`: see `reason`.',
    }),
    npi: z.string().nullable().openapi({ description: 'Only when `linked`; never a guess.' }),
    confidence: z.number().nullable().openapi({ description: 'The linked candidate’s confidence; null otherwise.' }),
    method: z.string().openapi({ description: 'How the link was searched for and scored.' }),
    searched_states: z.array(z.string()),
    reason: z
      .string()
      .nullable()
      .openapi({ description: 'Why a person was not searched, or what limited the search.' }),
    candidates: z.array(NpiCandidateSchema).openapi({ description: 'Best first (confidence, then NPI), at most 10.' }),
    candidate_count: z.number().int(),
  })
  .openapi('TrialNpiLink');

export const NpiLinksSchema = z
  .object({
    status: z.enum(['searched', 'not_loaded']).openapi({
      description: '`not_loaded`: no NPPES registry version is loaded; `links` is empty and `gaps` says why.',
    }),
    method: z.string(),
    links: z.array(NpiLinkSchema),
    sources: z.array(CatalogSourceVersionSchema).openapi({ description: 'The registry versions searched.' }),
    gaps: z.array(CatalogGapSchema),
  })
  .openapi('TrialNpiLinks');
export type NpiLinks = z.infer<typeof NpiLinksSchema>;
export type NpiLink = z.infer<typeof NpiLinkSchema>;

export const CcnLinkSchema = z
  .object({
    site_index: z.number().int(),
    facility: z.string().nullable(),
    status: z.enum(['linked', 'ambiguous', 'unconfirmed', 'no_match', 'not_searched']),
    ccn: z.string().nullable(),
    confidence: z.number().nullable(),
    method: z.string(),
    candidates: z.array(
      z.object({ ccn: z.string(), name: z.string(), zip: z.string().nullable(), confidence: z.number() }),
    ),
  })
  .openapi('TrialCcnLink');

export const CcnLinksSchema = z
  .object({
    status: z.enum(['searched', 'not_loaded']).openapi({
      description: `\`not_loaded\`: the hospital general information dataset (\`${CCN_DATASET}\`) is not loaded in this deployment, so no site is linked to a CCN; \`links\` is empty. Once loaded, each US site is matched to a hospital by name and ZIP, one entry per site, as \`npi_links\` does.`,
    }),
    dataset: z.literal(CCN_DATASET),
    method: z.string(),
    links: z.array(CcnLinkSchema),
    sources: z.array(CatalogSourceVersionSchema),
    gaps: z.array(CatalogGapSchema),
  })
  .openapi('TrialCcnLinks');
export type CcnLinks = z.infer<typeof CcnLinksSchema>;
