import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';

export const MA_EVENT_TYPES = ['acquisition', 'divestiture', 'acquisition_or_disposition'] as const;

const PartySchema = z
  .object({
    name: z.string().nullable(),
    cik: z.string().nullable().openapi({ description: 'When the party is an EDGAR filer of the event.' }),
    ticker: z.string().nullable(),
    enrollment_id: z.string().nullable().openapi({ description: 'PECOS enrollment (CHOW records).' }),
  })
  .openapi('MaEventParty');

export const MaFilingSchema = z
  .object({
    cik: z.string(),
    company: z.string(),
    accession_number: z.string(),
    form: z.string(),
    filing_date: z.string().nullable(),
    report_date: z.string().nullable(),
    items: z
      .array(z.string())
      .openapi({ description: '8-K items as filed; 2.01 is Completion of Acquisition or Disposition of Assets.' }),
    url: z.string(),
    source: RowSourceSchema,
  })
  .openapi('MaFiling');

export const ChowRecordSchema = z
  .object({
    facility_type: z.enum(['hospital', 'snf']),
    ccn: z.string().nullable(),
    chow_type: z.string().nullable(),
    effective_date: z.string().nullable(),
    buyer: z.object({
      organization_name: z.string().nullable(),
      doing_business_as: z.string().nullable(),
      enrollment_id: z.string().nullable(),
      npi: z.string().nullable(),
      ccn: z.string().nullable(),
    }),
    seller: z.object({
      organization_name: z.string().nullable(),
      doing_business_as: z.string().nullable(),
      enrollment_id: z.string().nullable(),
      npi: z.string().nullable(),
      ccn: z.string().nullable(),
    }),
    source: RowSourceSchema,
  })
  .openapi('ChowRecord');

export const MaEventSchema = z
  .object({
    event_id: z.string().openapi({
      description:
        'sec:<accession number> for events with a filing, else chow:<facility type>:<enrollments and date>. Unique.',
    }),
    event_type: z.enum(MA_EVENT_TYPES).openapi({
      description:
        'From the public company’s side when one is involved (acquisition: it bought; divestiture: it sold); an 8-K with no matching CHOW is acquisition_or_disposition (the filing index does not say which); a CHOW alone is the buyer’s acquisition.',
    }),
    date: z.string().openapi({
      format: 'date',
      description: 'The CHOW effective date when there is one, else the 8-K report date (else its filing date).',
    }),
    acquirer: PartySchema,
    divestor: PartySchema,
    facilities: z.array(
      z.object({ ccn: z.string().nullable(), name: z.string().nullable(), facility_type: z.string() }),
    ),
    filings: z.array(MaFilingSchema),
    chow_records: z.array(ChowRecordSchema),
    match: z.object({ rule: z.string(), confidence: z.number(), detail: z.string() }).nullable().openapi({
      description: 'How an 8-K and CHOW records were merged into this event; null for a single-source event.',
    }),
  })
  .openapi('MaEvent');

export const MaEventsSchema = z
  .object({
    items: z.array(MaEventSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    since: z.string().openapi({ format: 'date' }),
    until: z.string().openapi({ format: 'date' }),
    ...answerProvenanceFields,
  })
  .openapi('MaEvents');

export type MaEvent = z.infer<typeof MaEventSchema>;
export type MaEvents = z.infer<typeof MaEventsSchema>;
