import { z } from '@hono/zod-openapi';
import { RiskSchema } from '../../shared/exclusions/risk';
import {
  ExclusionHitSchema,
  ExclusionRowSchema,
  ProviderSummarySchema,
  provenanceFields,
} from '../../shared/exclusions/schemas';
import { pageFields as envelope, PageQuery } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, NpiString, StateString } from '../../shared/http/schemas';

export const SCREEN_MAX = 1000;
export const DEMO_MAX_ROWS = 25;

const npi = NpiString;
const state = StateString;

export const NpiPath = z.object({
  npi: npi().openapi({
    param: { name: 'npi', in: 'path' },
    description: 'NPI with a valid check digit.',
    example: '1234567893',
  }),
});

export const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description: 'Answer as of this date (YYYY-MM-DD) from the list versions in force then; default today.',
  }),
});

const EntityType = z.enum(['individual', 'organization']);

export const StateSearchQuery = PageQuery.extend({
  name: z.string().trim().min(2).max(200).optional().openapi({
    description: 'Name or part of it (every distinctive word must appear); required unless state is given.',
    example: 'Alderman',
  }),
  state: state().optional().openapi({ description: "The list's state (USPS), e.g. NY.", example: 'NY' }),
  entity_type: EntityType.optional(),
}).merge(AsOfQuery);

export const DemoSearchQuery = z
  .object({
    name: z.string().trim().min(2).max(200).openapi({ description: 'Name or part of it.', example: 'Alderman' }),
    state: state().optional().openapi({ description: 'List state (state lists) or address state (federal list).' }),
    entity_type: EntityType.optional(),
    limit: queryInt((n) => n.min(1))
      .default(DEMO_MAX_ROWS)
      .openapi({
        description: `Rows wanted; at most ${DEMO_MAX_ROWS} are returned whatever is asked.`,
      }),
    offset: PageQuery.shape.offset,
    cursor: PageQuery.shape.cursor,
    include_total: PageQuery.shape.include_total,
  })
  .merge(AsOfQuery);

export const CheckQuery = z
  .object({
    npi: npi().optional().openapi({ description: 'NPI with a valid check digit.' }),
    first_name: z.string().trim().min(1).max(100).optional(),
    last_name: z.string().trim().min(1).max(100).optional(),
    organization_name: z.string().trim().min(2).max(200).optional(),
    state: state().optional(),
    dob: DateString.optional().openapi({ description: 'Date of birth, compared where a list publishes it.' }),
  })
  .merge(AsOfQuery);

/** A screen input or demo check names its subject: an NPI, a last with a first name, or an organization. */
export const SUBJECT_REQUIRED = 'give npi, or last_name with first_name, or organization_name';
export const namesSubject = (v: {
  npi?: string;
  last_name?: string;
  first_name?: string;
  organization_name?: string;
}): boolean => Boolean(v.npi || (v.last_name && v.first_name) || v.organization_name);

export const ScreenItem = z
  .object({
    ref: z.string().max(200).optional().openapi({ description: 'Your reference, echoed back.' }),
    npi: npi().optional(),
    first_name: z.string().trim().min(1).max(100).optional(),
    last_name: z.string().trim().min(1).max(100).optional(),
    organization_name: z.string().trim().min(2).max(200).optional(),
    state: state().optional(),
    dob: DateString.optional(),
  })
  .superRefine((v, ctx) => {
    if (!namesSubject(v)) ctx.addIssue({ code: 'custom', path: ['npi'], message: SUBJECT_REQUIRED });
  })
  .openapi('ExclusionScreenItem');

export const ScreenRequest = z
  .object({
    as_of: DateString.optional().openapi({ description: 'Screen as of this date (default today).' }),
    items: z
      .array(ScreenItem)
      .min(1, 'the batch is empty: give 1 to 1000 items')
      .max(SCREEN_MAX, `at most ${SCREEN_MAX} items per request`),
  })
  .openapi('ExclusionScreenRequest');

const verdict = {
  excluded: z.boolean().nullable().openapi({
    description:
      'true: a federal or state exclusion applies on the date; false: none of the lists in force matched; null: not known, because no list version is in force on the date or a list that had to answer cannot (the OIG LEIE with any gap, e.g. stale_version past the monthly cadence’s critical age; an archived state list that is stale or not loaded). Never read null as cleared.',
  }),
  excluded_reason: z
    .string()
    .nullable()
    .openapi({ description: 'Why `excluded` is null (the lists that could not answer and why); null otherwise.' }),
  federal: z.array(ExclusionHitSchema).openapi({
    description:
      'Federal exclusions in force on the date: OIG LEIE and SAM.gov hits, each naming its list (`list_id`).',
  }),
  state_excluded: z.array(ExclusionHitSchema).openapi({ description: 'State-list exclusions in force on the date.' }),
  not_in_force: z.array(ExclusionHitSchema).openapi({
    description: 'Matching rows that do not apply on the date (reinstated, expired, not yet begun).',
  }),
  provider: ProviderSummarySchema.nullable(),
};

export const ComprehensiveAnswer = z
  .object({
    npi: z.string(),
    as_of: z.string(),
    federal_excluded: z.boolean().nullable().openapi({ description: 'As `excluded`, for the OIG LEIE alone.' }),
    ...verdict,
    ...provenanceFields,
  })
  .openapi('ExclusionComprehensive');

export const StateAnswer = z
  .object({
    npi: z.string(),
    as_of: z.string(),
    excluded: z.boolean().nullable().openapi({
      description:
        'true: a state exclusion applies on the date; false: none matched; null: no state list is in force on the date, or an archived state list cannot answer for it (stale, not loaded).',
    }),
    excluded_reason: verdict.excluded_reason,
    state_excluded: verdict.state_excluded,
    not_in_force: verdict.not_in_force,
    provider: verdict.provider,
    ...provenanceFields,
  })
  .openapi('StateExclusionAnswer');

export const CrossrefAnswer = z
  .object({
    npi: z.string(),
    as_of: z.string(),
    provider: verdict.provider,
    federal: z.array(ExclusionHitSchema).openapi({ description: 'Every matching federal row, in force or not.' }),
    state_exclusion_records: z
      .array(ExclusionHitSchema)
      .openapi({ description: 'Every matching state-list record, in force or not.' }),
    risk: RiskSchema,
    ...provenanceFields,
  })
  .openapi('ExclusionCrossref');

export const ScreenAnswer = z
  .object({
    as_of: z.string(),
    count: z.number().int(),
    excluded_count: z.number().int(),
    results: z.array(
      z
        .object({ index: z.number().int(), ref: z.string().nullable(), npi: z.string().nullable(), ...verdict })
        .openapi('ExclusionScreenResult'),
    ),
    ...provenanceFields,
  })
  .openapi('ExclusionScreenAnswer');

export const CheckAnswer = z
  .object({
    as_of: z.string(),
    query: z.record(z.string(), z.unknown()),
    ...verdict,
    ...provenanceFields,
  })
  .openapi('ExclusionCheck');

const pageFields = {
  items: z.array(ExclusionRowSchema),
  ...envelope,
};

export const SearchAnswer = z
  .object({ as_of: z.string(), ...pageFields, versions_with_results: z.array(z.number().int()), ...provenanceFields })
  .openapi('ExclusionSearchPage');

export const DemoSearchAnswer = z
  .object({
    as_of: z.string(),
    ...pageFields,
    limit_requested: z.number().int(),
    max_rows: z.number().int(),
    capped: z.boolean().openapi({ description: 'True when fewer rows than asked were returned because of the cap.' }),
    note: z.string(),
    versions_with_results: z.array(z.number().int()),
    ...provenanceFields,
  })
  .openapi('DemoExclusionSearchPage');
