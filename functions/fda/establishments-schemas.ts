import { z } from '@hono/zod-openapi';
import { DateString } from '../../shared/http/schemas';
import { offsetPaging, containsText as text } from './query-params';

const paging = {
  ...offsetPaging('Items'),
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    example: '2026-11-05',
    description:
      'Answer from the registration file in force on this date (YYYY-MM-DD; a download is in force from the day it was archived until the next, and a gap once 8 days old); default today.',
  }),
};

export const EstablishmentsQuery = z.object({
  operation: z
    .string()
    .trim()
    .min(2, 'at least 2 characters')
    .max(80)
    .regex(/^[A-Za-z0-9 ,/&()'-]+$/, "letters, digits, spaces and , / & ( ) ' - only")
    .transform((s) => s.replace(/\s+/g, ' ').toUpperCase())
    .optional()
    .openapi({
      description:
        'A business operation the line lists, exactly as FDA names it (case-insensitive), e.g. `API MANUFACTURE`, `MANUFACTURE`, `ANALYSIS`, `PACK`; /rx/establishments/operations lists them.',
      example: 'API MANUFACTURE',
    }),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'expected an ISO 3166-1 alpha-3 country code (e.g. USA, IND, CHN)')
    .transform((s) => s.toUpperCase())
    .optional()
    .openapi({ description: 'ISO-3 country code, as FDA prints it at the end of the address.', example: 'CHN' }),
  firm: text('Establishment name (FIRM_NAME).', 'riverbend'),
  registrant: text('Registrant name (REGISTRANT_NAME): the firm that registered the establishment.', 'riverbend'),
  fei: z
    .string()
    .trim()
    .regex(/^\d{5,15}$/, 'expected an FEI number: digits only')
    .optional()
    .openapi({ description: 'FDA Establishment Identifier, exactly.', example: '3005550001' }),
  sort: z.enum(['firm_name', 'fei_number']).default('firm_name').openapi({
    description:
      '`firm_name` (default): by firm name (case-insensitive), then FEI, then place in the file (unique); `fei_number`: by FEI, then place in the file.',
  }),
  ...paging,
});

export const OperationsQuery = z.object({ ...paging });
