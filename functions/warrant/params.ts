import { z } from '@hono/zod-openapi';
import { CODE_SHAPE_MESSAGE, codeSystem, normalizeCode } from '../../shared/codes/hcpcs';
import { ValidationError } from '../../shared/http/errors';
import { DateString, NpiString, StateString } from '../../shared/http/schemas';

/** Query parameters shared by the warrant and rule reads, validated to 400 problems naming each one. */
export const CodeParam = (name: string, description: string, example = 'E0601') =>
  z
    .string()
    .transform(normalizeCode)
    .refine((c) => codeSystem(c) !== undefined, CODE_SHAPE_MESSAGE)
    .openapi({ param: { name, in: 'query' }, description, example });

export const HcpcsParam = CodeParam('hcpcs', 'HCPCS Level II or CPT code.');

export const AsOfParam = DateString.optional().openapi({
  param: { name: 'as_of', in: 'query' },
  description: 'Date of service, YYYY-MM-DD (canonical).',
});
export const DosParam = DateString.optional().openapi({
  param: { name: 'dos', in: 'query' },
  description: 'Alias of as_of; giving both with different dates is a 400 problem.',
});

export const NpiParam = NpiString()
  .optional()
  .openapi({
    param: { name: 'npi', in: 'query' },
    description: 'Provider NPI: 10 digits with a valid check digit.',
    example: '1234567893',
  });

export const StateParam = StateString()
  .optional()
  .openapi({ param: { name: 'state', in: 'query' }, description: 'Two-letter state (USPS), e.g. NY.', example: 'NY' });

/** The date of service from as_of or its alias dos: required, and both must agree when both are given. */
export function dateOfService(q: { as_of?: string; dos?: string }, names: [string, string] = ['as_of', 'dos']): string {
  if (q.as_of && q.dos && q.as_of !== q.dos) {
    throw new ValidationError([
      {
        loc: ['query', names[1]],
        msg: `${names[1]} is an alias of ${names[0]} and differs from it (${q.dos} vs ${q.as_of})`,
        type: 'conflict',
      },
    ]);
  }
  const d = q.as_of ?? q.dos;
  if (!d)
    throw ValidationError.single(
      'query',
      names[0],
      `${names[0]} (or its alias ${names[1]}) is required: YYYY-MM-DD`,
      'missing',
    );
  return d;
}
