import { z } from '@hono/zod-openapi';
import { DateString } from '../../shared/http/schemas';
import { normalizeApplNo } from '../../shared/rx/approvals-rows';
import { offsetPaging, containsText as text } from './query-params';

const asOf = (what: string) =>
  DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    example: '2026-02-16',
    description: `Answer from the ${what} release in force on this date (YYYY-MM-DD; a release is in force from the day it was archived until the next); default today.`,
  });

const paging = offsetPaging('Rows');

const window = (what: string) => ({
  from: DateString.optional().openapi({ description: `Earliest ${what} kept (YYYY-MM-DD, inclusive).` }),
  to: DateString.optional().openapi({ description: `Latest ${what} kept (YYYY-MM-DD, inclusive).` }),
});

const ordered = <T extends z.ZodRawShape>(shape: T, from: keyof T & string, to: keyof T & string) =>
  z.object(shape).superRefine((q, ctx) => {
    const a = (q as Record<string, unknown>)[from];
    const b = (q as Record<string, unknown>)[to];
    if (typeof a === 'string' && typeof b === 'string' && a > b)
      ctx.addIssue({ code: 'custom', path: [from], message: `is after ${to}: the window is empty` });
  });

const approvedWindow = window('first approval date');
export const ApprovalsQuery = ordered(
  {
    sponsor: text('Sponsor name (SponsorName).', 'velox'),
    drug_name: text('Drug (trade) name of any product of the application.', 'zyloprin'),
    active_ingredient: text('Active ingredient of any product of the application.', 'veloxitran'),
    appl_type: z
      .enum(['NDA', 'ANDA', 'BLA'])
      .optional()
      .openapi({ description: 'Application type: NDA, ANDA (generic) or BLA.' }),
    approved_from: approvedWindow.from,
    approved_to: approvedWindow.to,
    ...paging,
    as_of: asOf('Drugs@FDA'),
  },
  'approved_from',
  'approved_to',
);

export const ApplNoPath = z.object({
  appl_no: z
    .string()
    .transform((s, ctx) => {
      const n = normalizeApplNo(s);
      if (n) return n;
      ctx.addIssue({
        code: 'custom',
        message:
          'expected an application number: up to 6 digits, optionally prefixed NDA, ANDA or BLA (e.g. 021001, NDA021001)',
      });
      return z.NEVER;
    })
    .openapi({
      param: { name: 'appl_no', in: 'path' },
      description:
        'Application number: 6 digits, or fewer (leading zeros added), optionally prefixed NDA, ANDA or BLA.',
      example: '021001',
    }),
});

export const ApprovalQuery = z.object({ as_of: asOf('Drugs@FDA') });

export const ApprovedProductsQuery = z.object({
  trade_name: text('Trade name (Trade_Name).', 'zyloprin'),
  ingredient: text('Ingredient (Ingredient).', 'veloxitran'),
  applicant: text('Applicant, short (Applicant) or full name (Applicant_Full_Name).', 'generix'),
  appl_type: z
    .enum(['N', 'A'])
    .optional()
    .openapi({ description: '`N` (NDA: brand, including 505(b)(2)) or `A` (ANDA: generic).' }),
  product_type: z.enum(['RX', 'OTC', 'DISCN']).optional().openapi({ description: 'RX, OTC or DISCN (discontinued).' }),
  te_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}\d{0,2}$/, 'expected a therapeutic equivalence code such as AB, AB1, BX')
    .optional()
    .openapi({ description: 'Therapeutic equivalence code, exact (AB matches AB only, not AB1).', example: 'AB' }),
  ...paging,
  as_of: asOf('Orange Book'),
});

const loeWindow = window('loss_of_exclusivity');
export const LaunchRadarQuery = ordered(
  {
    ingredient: text('Ingredient.', 'veloxitran'),
    applicant: text('Applicant, short or full name.', 'velox'),
    loe_from: loeWindow.from,
    loe_to: loeWindow.to,
    unprotected: z
      .enum(['true', 'false'])
      .transform((s) => s === 'true')
      .optional()
      .openapi({
        description:
          '`true`: only products whose barriers have all passed on `as_of` (or that list none); `false`: only protected ones; absent: both.',
      }),
    ...paging,
    as_of: asOf('Orange Book'),
  },
  'loe_from',
  'loe_to',
);
