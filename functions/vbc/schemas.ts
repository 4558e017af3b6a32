import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, StateString } from '../../shared/http/schemas';
import { normalizeCcn } from '../../shared/vbc/hrrp-rows';
import { normalizeAcoId } from '../../shared/vbc/mssp-rows';
import { normalizeEntityId } from '../../shared/vbc/reach-rows';

export const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      'Answer from the HRRP files in force on this date (YYYY-MM-DD; a fiscal year runs 1 October to 30 September); default today.',
  }),
});

export const CcnPath = z.object({
  ccn: z
    .string()
    .transform((s, ctx) => {
      const ccn = normalizeCcn(s);
      if (!ccn) {
        ctx.addIssue({
          code: 'custom',
          message:
            'expected a CCN: 6 characters (digits, a letter allowed in third place), e.g. 010001; 5 digits get their leading zero back',
        });
        return z.NEVER;
      }
      return ccn;
    })
    .openapi({ param: { name: 'ccn', in: 'path' }, description: 'CMS Certification Number.', example: '010001' }),
});

const pct = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal number')
  .transform(Number)
  .optional();

export const HrrpListQuery = z
  .object({
    state: StateString().optional().openapi({ description: "The hospital file's State (USPS code).", example: 'AL' }),
    penalized: z.enum(['true', 'false']).optional().openapi({
      description: 'true: payment adjustment factor below 1 (payment_reduction_pct above 0); false: no reduction.',
    }),
    payment_reduction_pct_min: pct.openapi({
      description: 'Lowest payment_reduction_pct (percent, inclusive).',
      example: '1',
    }),
    payment_reduction_pct_max: pct.openapi({ description: 'Highest payment_reduction_pct (percent, inclusive).' }),
    sort: z.enum(['ccn', 'payment_reduction_pct', 'facility_name']).default('ccn').openapi({
      description: 'Order of the list; ties and equal values always end on CCN (unique). Nulls come last.',
    }),
    order: z
      .enum(['asc', 'desc'])
      .optional()
      .openapi({ description: 'Default asc, except desc for payment_reduction_pct (largest penalty first).' }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
      .default(0)
      .openapi({ description: `Hospitals to skip (0 to ${MAX_OFFSET}).` }),
  })
  .merge(AsOfQuery);

const MsspAsOf = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description: 'Answer from the MSSP performance years released by this date (YYYY-MM-DD); default today.',
  }),
});

export const AcoIdPath = z.object({
  aco_id: z
    .string()
    .transform((s, ctx) => {
      const id = normalizeAcoId(s);
      if (!id) {
        ctx.addIssue({
          code: 'custom',
          message: 'expected an ACO ID (A and 4 digits, e.g. A1234) or a pre-2019 ACO number (A and 5 digits)',
        });
        return z.NEVER;
      }
      return id;
    })
    .openapi({
      param: { name: 'aco_id', in: 'path' },
      description:
        "CMS's ACO ID (`A1234`), or the encrypted ACO number of the PUFs published before July 2019 (`A12345`, PY2013 on), resolved to its ACO ID through CMS's ACO ID Crosswalk.",
      example: 'A1101',
    }),
});

const year = queryInt((n) => n.min(2012).max(2100))
  .optional()
  .openapi({ description: 'Performance year (e.g. 2022).' });
const track = z
  .string()
  .regex(
    /^(track_[123]|track_1_plus|basic_[a-e]|enhanced)$/,
    'expected track_1, track_1_plus, track_2, track_3, basic_a..basic_e or enhanced',
  )
  .optional()
  .openapi({
    description:
      'Track as normalized across years: track_1, track_1_plus, track_2, track_3, basic_a..basic_e, enhanced.',
  });

export const MsspListQuery = z
  .object({
    year,
    track,
    state: StateString()
      .optional()
      .openapi({ description: 'A state where the ACO has assigned beneficiaries (USPS code).', example: 'MI' }),
    sort: z
      .enum(['aco', 'losses', 'earned_savings_losses', 'savings_rate_pct', 'quality_score_pct'])
      .default('aco')
      .openapi({
        description:
          '`losses`: spending above the benchmark, largest first. Every order ends on performance year (newest first), ACO, version and record. Nulls last.',
      }),
    order: z.enum(['asc', 'desc']).optional().openapi({ description: 'Default asc for aco, else desc.' }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
      .default(0)
      .openapi({ description: `Rows to skip (0 to ${MAX_OFFSET}).` }),
  })
  .merge(MsspAsOf);

export const MsspSummaryQuery = z.object({ year, track }).merge(MsspAsOf);
export const MsspAcoQuery = MsspAsOf;

const ReachAsOf = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      'Answer from the ACO REACH results and provider lists released by this date (YYYY-MM-DD); default today.',
  }),
});

export const EntityIdPath = z.object({
  entity_id: z
    .string()
    .transform((s, ctx) => {
      const id = normalizeEntityId(s);
      if (!id) {
        ctx.addIssue({ code: 'custom', message: 'expected an ACO REACH entity id: D and 4 digits, e.g. D0101' });
        return z.NEVER;
      }
      return id;
    })
    .openapi({
      param: { name: 'entity_id', in: 'path' },
      description: "CMS's ACO REACH entity id (the GPDC DCE id, kept in ACO REACH).",
      example: 'D0101',
    }),
});

const reachYear = queryInt((n) => n.min(2021).max(2100))
  .optional()
  .openapi({ description: 'Performance year (GPDC PY2021-PY2022, ACO REACH PY2023 on).', example: 2023 });

export const ReachListQuery = z
  .object({
    year: reachYear,
    entity_type: z
      .enum(['standard', 'new_entrant', 'high_needs'])
      .optional()
      .openapi({ description: 'Entity type as normalized: standard, new_entrant, high_needs.' }),
    risk_arrangement: z
      .enum(['global', 'professional'])
      .optional()
      .openapi({ description: 'Risk-sharing option: global or professional.' }),
    sort: z
      .enum(['entity_id', 'shared_savings', 'gross_savings', 'losses', 'savings_rate_pct', 'quality_score_pct'])
      .default('entity_id')
      .openapi({
        description:
          '`losses`: spending above the benchmark, largest first. Every order ends on entity id, version and record (unique). Nulls last.',
      }),
    order: z.enum(['asc', 'desc']).optional().openapi({ description: 'Default asc for entity_id, else desc.' }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
      .default(0)
      .openapi({ description: `Entities to skip (0 to ${MAX_OFFSET}).` }),
  })
  .merge(ReachAsOf);

export const ReachEntityQuery = z
  .object({
    year: reachYear,
    provider_type: z
      .enum(['participant', 'preferred'])
      .optional()
      .openapi({ description: 'Only participant or only preferred providers (provider_total counts that type).' }),
    provider_limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Providers per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    provider_offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
      .default(0)
      .openapi({ description: `Providers to skip (0 to ${MAX_OFFSET}).` }),
  })
  .merge(ReachAsOf);
