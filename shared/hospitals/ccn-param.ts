import { z } from '@hono/zod-openapi';
import { hcrisCcn } from './hcris-rows';

/**
 * A `{ccn}` path parameter: a CMS Certification Number as hcrisCcn reads it (6 letters or digits;
 * 5 digits get their leading zero back), else a 400 naming `ccn`. `example` is shown in the
 * contract and in the error message.
 */
export function ccnPathParam(description: string, example: string) {
  return z
    .string()
    .transform((s, ctx) => {
      const ccn = hcrisCcn(s);
      if (!ccn) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a CCN: 6 letters or digits, e.g. ${example}; 5 digits get their leading zero back`,
        });
        return z.NEVER;
      }
      return ccn;
    })
    .openapi({ param: { name: 'ccn', in: 'path' }, description, example });
}
