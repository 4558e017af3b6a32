import { z } from '@hono/zod-openapi';
import { CODE_SHAPE_MESSAGE, codeSystem, normalizeCode } from '../../shared/codes/hcpcs';
import { parseNdc } from '../../shared/codes/ndc';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';

/** `as_of` with an example inside the fixtures' quarters (the rx group's example date is past them). */
const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    example: '2025-04-15',
    description:
      'Answer from the versions in force on this date (YYYY-MM-DD): an ASP file is in force for its calendar quarter, a Purple Book extract from its month until the next (stale after 45 days); default today.',
  }),
});

const paging = {
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
  offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
    .default(0)
    .openapi({ description: `Items to skip (default 0, at most ${MAX_OFFSET}).` }),
};

export const AspQuery = z
  .object({
    q: z.string().trim().min(2).max(100).optional().openapi({
      description: 'Words of the CMS short descriptor, all required (case-insensitive).',
      example: 'infliximab',
    }),
    hcpcs: z
      .string()
      .transform((s, ctx) => {
        const code = normalizeCode(s);
        if (codeSystem(code)) return code;
        ctx.addIssue({ code: 'custom', message: CODE_SHAPE_MESSAGE });
        return z.NEVER;
      })
      .optional()
      .openapi({ description: 'One HCPCS code (Level II, e.g. J1745, or CPT-shaped, e.g. 90375).', example: 'J1745' }),
    ndc: z
      .string()
      .refine((s) => parseNdc(s).kind !== 'invalid', {
        message:
          'expected an NDC: 11 digits, 10 digits, or labeler-product-package hyphenated as 4-4-2, 5-3-2 or 5-4-1',
      })
      .optional()
      .openapi({
        description:
          'An NDC in any common form (11 digits, hyphenated 4-4-2, 5-3-2, 5-4-1 or 5-4-2, or 10 digits without hyphens, whose three 11-digit readings are all searched), matched through the NDC-HCPCS crosswalk of the quarter.',
        example: '00069-0809-01',
      }),
    ...paging,
  })
  .merge(AsOfQuery);

export const BiosimilarsQuery = z
  .object({
    reference_product: z.string().trim().min(2).max(100).optional().openapi({
      description: 'The reference product’s proprietary or proper name (case-insensitive, exact).',
      example: 'REMICADE',
    }),
    molecule: z.string().trim().min(2).max(100).optional().openapi({
      description: 'The molecule: the proper name without its suffix (case-insensitive, exact).',
      example: 'infliximab',
    }),
    interchangeable: z
      .enum(['true', 'false'])
      .transform((s) => s === 'true')
      .optional()
      .openapi({ description: 'true: only BLAs with an interchangeable product; false: only those without.' }),
    ...paging,
  })
  .merge(AsOfQuery);
