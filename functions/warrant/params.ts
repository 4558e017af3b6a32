import { z } from '@hono/zod-openapi';
import { CODE_SHAPE_MESSAGE, codeSystem, normalizeCode } from '../../shared/codes/hcpcs';
import { ValidationError } from '../../shared/http/errors';
import { DECIMAL_DIGITS } from '../../shared/http/query-int';
import { DateString, NpiString, StateString } from '../../shared/http/schemas';
import { CLAIM_SETTINGS, type ClaimSetting, type PtpSetting, SETTING_ALIASES } from '../../shared/warrant/claim-line';

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

/**
 * Claim-line context (issue 14, point 5): modifiers, units, ZIP and setting. Each is optional;
 * without them the answers list every candidate row, as before.
 */
const MODIFIER = /^[A-Z0-9]{2}$/;

/** `modifier=RR&modifier=KX` or `modifier=RR,KX`: at most two, two characters each, no repeats. */
export const ModifierParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim().toUpperCase());
    const bad = parts.filter((m) => !MODIFIER.test(m));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `expected two-character modifiers (letters or digits), e.g. RR; got ${bad.map((m) => JSON.stringify(m)).join(', ')}`,
      });
      return z.NEVER;
    }
    if (new Set(parts).size !== parts.length) {
      ctx.addIssue({ code: 'custom', message: 'a modifier is given twice' });
      return z.NEVER;
    }
    if (parts.length > 2) {
      ctx.addIssue({ code: 'custom', message: `at most two modifiers per claim line; got ${parts.length}` });
      return z.NEVER;
    }
    return parts;
  })
  .openapi({
    param: { name: 'modifier', in: 'query', style: 'form', explode: true },
    description:
      'Claim-line modifiers, at most two: repeat the parameter or separate with a comma (RR,KX). They select the fee row whose modifiers they match.',
    example: 'RR',
  });

export const MAX_UNITS = 9999;

/** Units of service on the claim line: a whole number from 1 to MAX_UNITS. */
export const UnitsParam = z
  .string()
  .optional()
  .transform((s, ctx) => {
    if (s === undefined) return undefined;
    if (!DECIMAL_DIGITS.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'expected a whole number of units in decimal digits, e.g. 2' });
      return z.NEVER;
    }
    const n = Number(s);
    if (n < 1 || n > MAX_UNITS) {
      ctx.addIssue({ code: 'custom', message: `units must be from 1 to ${MAX_UNITS}; got ${n}` });
      return z.NEVER;
    }
    return n;
  })
  .openapi({
    param: { name: 'units', in: 'query' },
    description: `Units of service on the claim line (1 to ${MAX_UNITS}): each MUE says whether they exceed its value.`,
    type: 'integer',
    minimum: 1,
    maximum: MAX_UNITS,
    example: 2,
  });

/** A five-digit ZIP code; ZIP+4 (12345-6789 or 123456789) is accepted and its first five digits used. */
export const ZipParam = z
  .string()
  .optional()
  .transform((s, ctx) => {
    if (s === undefined) return undefined;
    const m = /^(\d{5})(?:-?\d{4})?$/.exec(s.trim());
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'expected a five-digit ZIP code (ZIP+4 accepted), e.g. 14717' });
      return z.NEVER;
    }
    return m[1]!;
  })
  .openapi({
    param: { name: 'zip', in: 'query' },
    description:
      "The beneficiary's ZIP code: rural or not by the DMEPOS rural ZIP file in force, which selects the rural or non-rural fee.",
    pattern: '^[0-9]{5}(-?[0-9]{4})?$',
    example: '14717',
  });

/** The claim's setting; `outpatient` and `dme` are accepted as the older spellings. */
export const SettingParam = z
  .enum([...CLAIM_SETTINGS, 'outpatient', 'dme'])
  .optional()
  .transform((s): ClaimSetting | undefined =>
    s === undefined ? undefined : (SETTING_ALIASES[s] ?? (s as ClaimSetting)),
  )
  .openapi({
    param: { name: 'setting', in: 'query' },
    description:
      'Where the service was billed: practitioner, outpatient_hospital or dme_supplier (outpatient and dme are accepted aliases). Selects the MUE table and the PTP table; all settings when omitted.',
  });

/** The PTP table: practitioner or hospital (outpatient_hospital accepted as an alias of hospital). */
export const PtpSettingParam = z
  .enum(['practitioner', 'hospital', 'outpatient_hospital'])
  .optional()
  .transform((s): PtpSetting | undefined => (s === 'outpatient_hospital' ? 'hospital' : s))
  .openapi({
    param: { name: 'setting', in: 'query' },
    description:
      'The PTP table: practitioner or hospital (outpatient_hospital is an alias); both when omitted. CMS publishes no PTP table for DME supplier claims.',
  });

/** The claim-line fields of a validated query, as the warrant service takes them. */
export function claimLineOf(q: { modifier?: string[]; units?: number; zip?: string; setting?: ClaimSetting }) {
  return { modifiers: q.modifier, units: q.units, zip: q.zip, setting: q.setting };
}
