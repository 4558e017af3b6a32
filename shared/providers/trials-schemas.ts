import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema, RowSourceSchema } from '../catalog/provenance';
import { dossierBlockSchema } from './dossier-block';

/** How Open Payments research rows tie a trial to the NPI (the dossier block's method). */
export const OPEN_PAYMENTS_LINK_METHOD =
  'Open Payments research rows: a research payment record that names the NPI as a principal investigator (Principal_Investigator_1..5_NPI) or as its covered recipient and gives a ClinicalTrials.gov identifier. An identifier link reported by the paying manufacturer: confidence 1.0.';

/** The smallest name-and-site confidence listed (first initial with state only, 0.35, is not). */
export const NAME_MATCH_FLOOR = 0.5;
/** Studies a name search reads whole at most (newest update first); past it `name_search.capped`. */
export const NAME_MATCH_CAP = 25;

/** How the route ties trials to the NPI: Open Payments first, then name and site. */
export const TRIAL_LINK_METHOD = `First, ${OPEN_PAYMENTS_LINK_METHOD} Then, name and site against ClinicalTrials.gov (method name_and_site): the NPI's NPPES record (an individual, as loaded today) gives a first, middle and last name and a practice city, state and ZIP; studies naming a person with that last name and first initial in the practice state (a site investigator at a US site; an overall official at the sites whose facility names the official's affiliation, else in every US site's state, by state only) are read, newest update first, at most ${NAME_MATCH_CAP}; a person whose full first name differs is not a match (no nicknames). Confidence: full first name and site ZIP5 0.95, and city 0.85, and state only 0.6; first initial only 0.75, 0.6, 0.35; a middle initial given on both sides that differs takes 0.15 off; listed from ${NAME_MATCH_FLOOR}. One item per study (its best-matching person); a study Open Payments already ties to the NPI is not listed again. A name-and-site match is an agreement of name and place with this NPI's record, not an identifier: other registry individuals of that name are not weighed here (a study's npi_links at /clinical-trials/{nct_id} weigh them).`;

const OpenPaymentsTrialLinkSchema = z
  .object({
    method: z.literal('open_payments_research'),
    confidence: z
      .number()
      .openapi({ description: '1.0: the manufacturer reported the NPI and the NCT id on one record.' }),
    roles: z.array(z.enum(['recipient', 'principal_investigator'])),
    program_years: z.array(z.number().int()),
    payers: z.array(z.string()),
    payments: z.number().int(),
    total_usd: z
      .number()
      .openapi({ description: 'Research dollars on those records (usually paid to an institution).' }),
    record_ids: z
      .array(z.string())
      .openapi({ description: 'Open Payments Record_IDs of the linking rows (at most 20).' }),
    study_names: z.array(z.string()).openapi({ description: 'Name_of_Study as reported.' }),
  })
  .openapi('OpenPaymentsTrialLink');

const NameSiteTrialLinkSchema = z
  .object({
    method: z.literal('name_and_site'),
    confidence: z.number().openapi({
      description:
        "From 0.5 to 0.95: how well the person's name and place agree with the NPI's registry record (see the answer's `method`).",
    }),
    person: z.object({
      name: z.string().nullable().openapi({ description: 'As the study registers it.' }),
      role: z.string().nullable(),
      kind: z.enum(['overall_official', 'site_investigator']),
      site_index: z
        .number()
        .int()
        .nullable()
        .openapi({ description: "Index in the study's `sites` of a site investigator; null for an official." }),
    }),
    site: z
      .object({
        index: z.number().int(),
        facility: z.string().nullable(),
        city: z.string().nullable(),
        state_code: z.string().nullable(),
        zip: z.string().nullable(),
      })
      .nullable()
      .openapi({
        description:
          'The site whose place agreed (for an official, a site naming the affiliation); null for an official placed by state only.',
      }),
    matched_on: z.array(z.enum(['last_name', 'first_name', 'first_initial', 'middle_initial', 'zip', 'city', 'state'])),
    differs_on: z.array(z.enum(['middle_initial'])),
  })
  .openapi('NameSiteTrialLink');

export const InvestigatorTrialSchema = z
  .object({
    nct_id: z.string(),
    link: z.discriminatedUnion('method', [OpenPaymentsTrialLinkSchema, NameSiteTrialLinkSchema]),
    trial: z
      .object({
        brief_title: z.string().nullable(),
        overall_status: z.string().nullable(),
        phases: z.array(z.string()),
        conditions: z.array(z.string()),
        lead_sponsor: z.string().nullable(),
        last_update_posted: z.string().nullable(),
        source: RowSourceSchema,
      })
      .nullable()
      .openapi({
        description:
          'The study in the ClinicalTrials.gov set in force (nlm_ctgov); null when that set does not hold it.',
      }),
  })
  .openapi('InvestigatorTrial');
export type InvestigatorTrial = z.infer<typeof InvestigatorTrialSchema>;
export type OpenPaymentsTrialLink = z.infer<typeof OpenPaymentsTrialLinkSchema>;
export type NameSiteTrialLink = z.infer<typeof NameSiteTrialLinkSchema>;

export const NameSearchSchema = z
  .object({
    status: z.enum(['searched', 'too_common', 'not_searched', 'not_loaded']).openapi({
      description:
        '`searched`: the studies were searched by `token`. `too_common`: the token matches more studies than one search sorts; nothing is listed by name. `not_searched`: see `reason` (no registry record, an organization, no name or US practice state). `not_loaded`: no NPPES registry or no ClinicalTrials.gov set in force (`gaps` says which).',
    }),
    reason: z.string().nullable(),
    registry_name: z
      .string()
      .nullable()
      .openapi({ description: "The NPI's name in the registry (first, middle, last) as searched." }),
    practice_city: z.string().nullable(),
    practice_state: z.string().nullable(),
    practice_postal_code: z.string().nullable(),
    token: z
      .string()
      .nullable()
      .openapi({ description: 'The study search token read (`inv:<last>_<first initial>_<state>`).' }),
    studies_matched: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Studies holding the token (before scoring).' }),
    studies_read: z
      .number()
      .int()
      .openapi({ description: `Studies read whole and scored (at most ${NAME_MATCH_CAP}).` }),
    capped: z.boolean().openapi({
      description: `More than ${NAME_MATCH_CAP} studies hold the token: the ${NAME_MATCH_CAP} updated most recently were scored, the others are not listed.`,
    }),
  })
  .openapi('InvestigatorNameSearch');
export type NameSearch = z.infer<typeof NameSearchSchema>;

export const InvestigatorTrialsSchema = z
  .object({
    npi: z.string(),
    method: z.string(),
    items: z.array(InvestigatorTrialSchema).openapi({
      description:
        'Open Payments links first (by NCT id), then name-and-site matches (confidence, best first, then NCT id); one item per study.',
    }),
    name_search: NameSearchSchema,
    sources: z.array(CatalogSourceVersionSchema),
    gaps: z.array(CatalogGapSchema),
    as_of: z.string(),
    methodology_note: z.string(),
  })
  .openapi('InvestigatorTrials');
export type InvestigatorTrials = z.infer<typeof InvestigatorTrialsSchema>;

export const TrialsBlockDataSchema = z
  .object({
    method: z.string(),
    trials: z.array(z.object({ nct_id: z.string(), link: OpenPaymentsTrialLinkSchema })),
  })
  .openapi('ClinicalTrialsBlockData');
export type TrialsBlockData = z.infer<typeof TrialsBlockDataSchema>;

export const TrialsBlockSchema = dossierBlockSchema(
  TrialsBlockDataSchema,
  "clinical_trials: studies tied to the NPI by Open Payments research rows (PI or recipient NPI with an NCT id). Name-and-site matches against ClinicalTrials.gov investigators are not in this block (four storage reads more, which the dossier's budget of eight leaves no room for): /provider/{npi}/clinical-trials lists them, with the study records.",
).openapi('ClinicalTrialsBlock');
