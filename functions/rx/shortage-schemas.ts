import { z } from '@hono/zod-openapi';
import { parseNdc } from '../../shared/codes/ndc';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';
import { SHORTAGE_STATUSES } from '../../shared/rx/shortage-rows';
import { AsOfQuery } from './schemas';

export const SHORTAGES_MAX_LIMIT = 100;
const text = (max: number) => z.string().trim().min(2).max(max);

export const ShortagesQuery = z
  .object({
    status: z.enum(SHORTAGE_STATUSES).optional().openapi({
      description:
        "Shortages with at least one presentation of this status (FDA's `Current`, `Resolved`, `To Be Discontinued`, `Discontinued`, normalized).",
    }),
    name: text(100).optional().openapi({
      description: 'Words of the generic name, each matched as a prefix of a word of it (case-insensitive).',
      example: 'amoxicillin',
    }),
    ndc: z
      .string()
      .transform((s, ctx) => {
        const p = parseNdc(s);
        if (p.kind === 'ndc11') return p.ndc11;
        ctx.addIssue({
          code: 'custom',
          message:
            p.kind === 'ambiguous'
              ? `a 10-digit NDC without hyphens is ambiguous (${p.candidates.join(', ')}); give the hyphenated form or the 11 digits`
              : p.reason,
        });
        return z.NEVER;
      })
      .optional()
      .openapi({
        description: 'Shortages whose presentation text prints this NDC (any common form, matched as ndc11).',
        example: '65862-070-01',
      }),
    therapeutic_category: text(80).optional().openapi({
      description: "One of the shortage's therapeutic categories, exactly (case-insensitive), e.g. `Oncology`.",
    }),
    company: text(120)
      .optional()
      .openapi({ description: 'Words of a company name, each matched as a prefix of a word of it.' }),
    updated_since: DateString.optional().openapi({
      description: 'Shortages with a presentation updated (`Date of Update`) on or after this date.',
    }),
    sort: z.enum(['updated', 'name']).default('updated').openapi({
      description:
        '`updated` (default): latest update first, then by shortage id; `name`: by shortage id (the generic name in lower case) ascending.',
    }),
    limit: queryInt((n) => n.min(1).max(SHORTAGES_MAX_LIMIT))
      .default(25)
      .openapi({ description: `Shortages per page, 1 to ${SHORTAGES_MAX_LIMIT} (default 25).` }),
    offset: queryInt((n) => n.min(0).max(100_000))
      .default(0)
      .openapi({ description: 'Shortages to skip.' }),
  })
  .merge(AsOfQuery);
export type ShortagesQueryT = z.infer<typeof ShortagesQuery>;
