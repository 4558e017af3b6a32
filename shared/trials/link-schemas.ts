import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema, RowSourceSchema } from '../catalog/provenance';

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

const MATCH_METHODS = ['name_address', 'address', 'name_city', 'name_fuzzy'] as const;

export const CcnCandidateSchema = z
  .object({
    ccn: z.string(),
    name: z.string().openapi({ description: 'The hospital name as the reference lists it.' }),
    zip: z.string().nullable(),
    confidence: z.number().openapi({ description: 'From 0 to 1 (see the block’s `method`).' }),
    method: z.enum(MATCH_METHODS),
  })
  .openapi('TrialCcnCandidate');

export const CcnLinkSchema = z
  .object({
    site_index: z.number().int().openapi({ description: 'Index in `sites` of the US site.' }),
    facility: z.string().nullable().openapi({ description: 'The site’s facility as the study registers it.' }),
    city: z.string().nullable(),
    state_code: z.string(),
    zip: z.string().nullable(),
    status: z.enum(['matched', 'ambiguous', 'unmatched', 'not_searched']).openapi({
      description:
        '`matched`: one hospital clearly wins (confidence at least 0.8, the runner-up at least 0.1 below): `ccn` is that hospital, still a match by name and place, not an identifier the study gives. `ambiguous`: candidates of 0.5 or more, none clearly winning; no CCN is claimed, `candidates` lists them. `unmatched`: no hospital of the site’s ZIP or city comes close (the site may not be a hospital). `not_searched`: see `reason`.',
    }),
    ccn: z.string().nullable().openapi({ description: 'Only when `matched`; never a guess.', example: '140900' }),
    name: z.string().nullable().openapi({ description: 'The matched hospital’s name; null otherwise.' }),
    confidence: z.number().nullable().openapi({ description: 'The matched hospital’s confidence; null otherwise.' }),
    method: z.enum(MATCH_METHODS).nullable().openapi({
      description:
        'How the matched hospital was found: `name_address` (same name and street address, 1.0), `address` (same street address, 0.8-0.9), `name_city` (same normalized name in the ZIP or city, 0.85), `name_fuzzy` (most name words shared, below 0.8). Trial sites give no street address, so a site matches by `name_city` or not at all. Null unless matched.',
    }),
    reason: z.string().nullable().openapi({ description: 'Why a site was not searched.' }),
    reference: RowSourceSchema.nullable().openapi({ description: 'The reference row of the matched CCN.' }),
    candidates: z.array(CcnCandidateSchema).openapi({
      description: 'Every hospital of 0.5 or more, best first (confidence, then CCN), the match included.',
    }),
  })
  .openapi('TrialCcnLink');

export const CcnLinksSchema = z
  .object({
    status: z.enum(['searched', 'not_loaded']).openapi({
      description: `\`searched\`: each US site was matched against the hospital general information file (\`${CCN_DATASET}\`) in force on \`as_of\`, one entry per US site (non-US sites have none). \`not_loaded\`: no version of it is in force on that date; \`links\` is empty and \`gaps\` says why.`,
    }),
    dataset: z.literal(CCN_DATASET),
    method: z.string(),
    links: z.array(CcnLinkSchema),
    sources: z
      .array(CatalogSourceVersionSchema)
      .openapi({ description: 'The hospital reference version matched against (its archived file).' }),
    gaps: z.array(CatalogGapSchema),
  })
  .openapi('TrialCcnLinks');
export type CcnLinks = z.infer<typeof CcnLinksSchema>;
export type CcnLink = z.infer<typeof CcnLinkSchema>;
