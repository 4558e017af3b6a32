import { z } from '@hono/zod-openapi';
import { isValidNpi } from '../codes/npi';
import { isStateCode } from '../codes/states';
import { PROBLEM_CONTENT_TYPE } from './problem';

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: 'https://api.example.com/problems/invalid-parameters' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    request_id: z.string(),
    errors: z
      .array(
        z.object({
          loc: z.array(z.union([z.string(), z.number()])),
          msg: z.string(),
          type: z.string(),
        }),
      )
      .optional()
      .openapi({ description: 'Validation failures: one entry per offending parameter.' }),
  })
  .catchall(z.unknown())
  .openapi('Problem', { description: 'RFC 9457 problem details.' });

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the problem names each offending parameter.',
  401: 'API key missing, unknown or revoked.',
  403: 'The API key is valid but its tier lacks the entitlement.',
  404: 'Unknown identifier.',
  409: 'Conflict with the current state.',
  413: 'Request body too large.',
  415: 'Unsupported media type.',
  429: 'Daily allowance used up; see Retry-After.',
  451: 'Withheld under a third-party license.',
  500: 'Unexpected error; quote the request id.',
  501: 'Not implemented yet.',
  503: 'A dependency is unavailable; retry later.',
};

/** OpenAPI response entries for the given problem statuses, all sharing the Problem schema. */
export function problemResponses(...statuses: number[]) {
  const out: Record<number, { description: string; content: Record<string, { schema: typeof ProblemSchema }> }> = {};
  for (const s of [...statuses, 500]) {
    out[s] = {
      description: DESCRIPTIONS[s] ?? 'Problem',
      content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } },
    };
  }
  return out;
}

/** A JSON 200 response entry. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export const DateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((s) => isRealDate(s), 'not a real calendar date')
  .openapi({ format: 'date', example: '2025-03-15' });

export function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** An NPI: 10 digits whose check digit holds (400 problems name the parameter that carried it). */
export const NpiString = () =>
  z
    .string()
    .regex(/^\d{10}$/, 'expected 10 digits')
    .refine(isValidNpi, 'the NPI check digit (Luhn over 80840 + NPI) does not match');

/** A two-letter USPS state or territory code, any case and surrounding space accepted. */
export const StateString = () =>
  z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .refine(isStateCode, 'expected a two-letter USPS state or territory code');
