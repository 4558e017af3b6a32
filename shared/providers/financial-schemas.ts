import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../catalog/provenance';
import { ListingRowSourceSchema } from '../catalog/query';

const kind = z.enum(['general', 'research', 'ownership']);
const role = z.enum(['recipient', 'principal_investigator', 'owner']);

export const PaymentSchema = z
  .object({
    kind,
    role,
    record_id: z.string().openapi({ description: 'Open Payments Record_ID of the published row.' }),
    program_year: z.number().int().nullable(),
    change_type: z.string().nullable(),
    payer: z.string().openapi({ description: 'Applicable manufacturer or GPO making the payment, as published.' }),
    payer_id: z.string().nullable(),
    amount_usd: z.number().nullable(),
    date: z.string().nullable(),
    nature: z.string(),
    form: z.string().nullable(),
    nct_id: z.string().nullable(),
    study_name: z.string().nullable(),
    value_of_interest_usd: z.number().nullable(),
    source: ListingRowSourceSchema,
  })
  .openapi('OpenPayment');
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentGroupSchema = z
  .object({
    program_year: z.number().int().nullable(),
    kind,
    role,
    payer: z.string(),
    nature: z.string(),
    payments: z.number().int(),
    total_usd: z.number().nullable(),
    rows: z
      .string()
      .openapi({ description: "The query that lists this group's rows on this endpoint (a link to the rows)." }),
  })
  .openapi('OpenPaymentsGroup');

const Totals = z.object({ key: z.string(), payments: z.number().int(), total_usd: z.number() });

export const FinancialAffiliationSchema = z
  .object({
    npi: z.string(),
    totals: z
      .object({
        payments: z.number().int(),
        total_usd: z.number(),
        by_year: z.array(Totals.extend({ key: z.string().openapi({ description: 'Program year.' }) })),
        by_payer: z.array(Totals),
        by_nature: z.array(Totals),
      })
      .openapi({
        description:
          'Received money only (roles recipient and owner); research linked as PI is in `groups` with role principal_investigator.',
      }),
    groups: z
      .array(PaymentGroupSchema)
      .openapi({ description: 'Per program year, kind, role, payer and nature, largest total first (at most 1000).' }),
    payments: z.object({
      items: z.array(PaymentSchema),
      limit: z.number().int(),
      next_cursor: z.string().nullable(),
      scanned: z.number().int(),
    }),
    sources: z.array(CatalogSourceVersionSchema),
    gaps: z.array(CatalogGapSchema),
    as_of: z.string(),
    methodology_note: z.string(),
  })
  .openapi('FinancialAffiliation');
export type FinancialAffiliation = z.infer<typeof FinancialAffiliationSchema>;
