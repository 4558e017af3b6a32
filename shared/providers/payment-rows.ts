import { z } from '@hono/zod-openapi';

/** The catalog dataset of the Open Payments detail files (shared/datasets/cms_open_payments). */
export const OPEN_PAYMENTS_DATASET = 'cms_open_payments';
/** Listing of an NPI's payment rows (partition `npi`) and of its research rows with an NCT id (`research_npi`). */
export const PAYMENTS_LISTING = 'payments';
/**
 * Index of the research rows with an NCT id by `research_npi` (one item per NPI and version): the
 * dossier's clinical_trials block reads it in the batch get it shares with the other blocks.
 */
export const RESEARCH_NPI_INDEX = 'research_npi';
/** Rollup per NPI, program year, kind, role, payer and nature. */
export const PAYMENT_SUMMARY = 'by_payer';

export const PaymentRowSchema = z
  .object({
    kind: z.enum(['general', 'research', 'ownership']),
    role: z.enum(['recipient', 'principal_investigator', 'owner']),
    npi: z.string(),
    record_id: z.string(),
    program_year: z.number().int().nullable(),
    change_type: z.string().nullable(),
    payer: z.string(),
    payer_id: z.string().nullable(),
    amount: z.number().nullable(),
    date: z.string().nullable(),
    nature: z.string(),
    form: z.string().nullable(),
    nct_id: z.string().nullable(),
    study_name: z.string().nullable(),
    recipient_last_name: z.string().nullable(),
    recipient_first_name: z.string().nullable(),
    recipient_state: z.string().nullable(),
    value_of_interest: z.number().nullable(),
    /** The NPI on research rows that name a ClinicalTrials.gov study, else null: the trials partition. */
    research_npi: z.string().nullable(),
  })
  .openapi('OpenPaymentsRow');

export type PaymentRow = z.infer<typeof PaymentRowSchema> & { locator: { line: number; record: number } };

export const FINANCIAL_METHODOLOGY = [
  'Source: CMS Open Payments detail files (`cms_open_payments`): general payments, research payments and physician ownership or investment interests reported by drug and device manufacturers and group purchasing organizations, one file per type and program year, each publication (initial, then the January refresh) replacing the previous one of its year. Program years 2021 on (earlier files do not carry the recipient NPI).',
  "Amounts are US dollars as reported (ownership: amount invested; `value_of_interest` as published). Research payments are listed for their recipient and for each principal investigator the record names (role `principal_investigator`): a research payment usually goes to an institution, so a PI's research total is money linked to the PI, not received. Summaries are computed when a file loads (per NPI, program year, kind, role, payer and nature). Payments under the reporting threshold, to non-covered recipients, and disputed records withheld by CMS are absent; a record deleted after publication disappears with the next publication.",
].join(' ');
