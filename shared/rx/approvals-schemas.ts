import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';

const date = (description: string) => z.string().nullable().openapi({ format: 'date', description });

const offsetPage = {
  total: z.number().int().openapi({ description: 'Rows matching the filters (every page).' }),
  limit: z.number().int(),
  offset: z.number().int(),
  next_offset: z
    .number()
    .int()
    .nullable()
    .openapi({ description: 'Pass as `offset` for the next page; null at the end.' }),
};

/** One application of the approvals list (Drugs@FDA Applications joined to its Products and Submissions). */
export const ApprovalSummarySchema = z
  .object({
    appl_no: z.string().openapi({ description: '6-digit application number.', example: '021001' }),
    appl_type: z.string().nullable().openapi({ description: 'NDA, ANDA or BLA as published (ApplType).' }),
    sponsor_name: z.string().nullable().openapi({ description: 'SponsorName in the release in force on `as_of`.' }),
    drug_names: z.array(z.string()).openapi({ description: "The application's distinct product DrugName values." }),
    active_ingredients: z.array(z.string()),
    product_count: z.number().int(),
    first_approval_date: date(
      'Date of the original submission (ORIG) with status AP; null when the application has none (tentative approval only).',
    ),
    tentative_approval_date: date('Earliest ORIG submission with status TA (tentative approval), if any.'),
    source: RowSourceSchema.openapi({ description: 'The Applications.txt row.' }),
  })
  .openapi('ApprovalSummary');
export type ApprovalSummary = z.infer<typeof ApprovalSummarySchema>;

export const ApprovalsPageSchema = z
  .object({ items: z.array(ApprovalSummarySchema), ...offsetPage, ...answerProvenanceFields })
  .openapi('ApprovalsPage');
export type ApprovalsPage = z.infer<typeof ApprovalsPageSchema>;

export const ApprovalProductSchema = z
  .object({
    product_no: z.string().openapi({ description: '3-digit product number.' }),
    drug_name: z.string().nullable(),
    active_ingredient: z.string().nullable(),
    form: z.string().nullable().openapi({ description: 'Form as published, dosage form and route (`TABLET;ORAL`).' }),
    strength: z.string().nullable(),
    reference_drug: z.boolean().nullable().openapi({ description: 'ReferenceDrug 1: a reference listed drug.' }),
    reference_standard: z.boolean().nullable(),
    te_code: z.string().nullable().openapi({ description: 'Therapeutic equivalence code (TE.txt), null when none.' }),
    marketing_status_id: z.string().nullable(),
    marketing_status: z
      .string()
      .nullable()
      .openapi({ description: 'Prescription, Over-the-counter, Discontinued or None (Tentative Approval).' }),
    source: RowSourceSchema,
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('ApprovalProduct');
export type ApprovalProduct = z.infer<typeof ApprovalProductSchema>;

export const ApprovalSubmissionSchema = z
  .object({
    submission_type: z.string().nullable().openapi({ description: 'ORIG (original) or SUPPL (supplement).' }),
    submission_no: z.string().nullable(),
    submission_status: z.string().nullable().openapi({ description: 'AP approved, TA tentative approval.' }),
    tentative: z.boolean().openapi({ description: 'True when the status is TA (tentative approval).' }),
    submission_status_date: date('SubmissionStatusDate.'),
    submission_class_code_id: z.string().nullable(),
    review_priority: z.string().nullable(),
    public_notes: z.string().nullable(),
    source: RowSourceSchema,
  })
  .openapi('ApprovalSubmission');
export type ApprovalSubmission = z.infer<typeof ApprovalSubmissionSchema>;

export const ApprovalDetailSchema = z
  .object({
    appl_no: z.string(),
    appl_type: z.string().nullable(),
    sponsor_name: z.string().nullable(),
    public_notes: z.string().nullable(),
    first_approval_date: date('See ApprovalSummary.'),
    tentative_approval_date: date('See ApprovalSummary.'),
    products: z.array(ApprovalProductSchema).openapi({ description: 'By product number.' }),
    submissions: z
      .array(ApprovalSubmissionSchema)
      .openapi({ description: 'Every submission, oldest first (ties: type ORIG first, then number).' }),
    source: RowSourceSchema.nullable().openapi({
      description: 'The Applications.txt row (null when only products list it).',
    }),
    ...answerProvenanceFields,
  })
  .openapi('ApprovalDetail');
export type ApprovalDetail = z.infer<typeof ApprovalDetailSchema>;

const obProductFields = {
  appl_type: z.string().openapi({ description: '`N` (NDA: brand) or `A` (ANDA: generic).' }),
  appl_no: z.string(),
  product_no: z.string(),
  trade_name: z.string().nullable(),
  ingredient: z.string().nullable(),
  dosage_form: z.string().nullable(),
  route: z.string().nullable(),
  strength: z.string().nullable().openapi({ description: 'As published (Federal Register notes kept).' }),
  applicant: z.string().nullable(),
  applicant_full_name: z.string().nullable(),
  product_type: z.string().nullable().openapi({ description: 'RX, OTC or DISCN (discontinued).' }),
  te_code: z.string().nullable(),
  approval_date: date('Null for `Approved Prior to Jan 1, 1982` (see approved_before_1982).'),
  approved_before_1982: z.boolean().nullable(),
  rld: z.boolean().nullable().openapi({ description: 'Reference listed drug.' }),
  rs: z.boolean().nullable().openapi({ description: 'Reference standard.' }),
  source: RowSourceSchema.openapi({ description: 'The products.txt row.' }),
};

export const ApprovedProductSchema = z
  .object({
    ...obProductFields,
    patent_count: z.number().int().openapi({ description: 'Patents listed for the product in the release in force.' }),
    exclusivity_count: z.number().int(),
  })
  .openapi('ApprovedProduct');
export type ApprovedProduct = z.infer<typeof ApprovedProductSchema>;

export const ApprovedProductsPageSchema = z
  .object({ items: z.array(ApprovedProductSchema), ...offsetPage, ...answerProvenanceFields })
  .openapi('ApprovedProductsPage');
export type ApprovedProductsPage = z.infer<typeof ApprovedProductsPageSchema>;

export const BarrierSchema = z
  .object({
    kind: z.enum(['patent', 'exclusivity']),
    id: z.string().openapi({ description: 'Patent number or exclusivity code.' }),
    date: date('Patent expiry (Patent_Expire_Date_Text) or exclusivity end (Exclusivity_Date).'),
    drug_substance: z.boolean().nullable().openapi({ description: 'Patents: claims the drug substance.' }),
    drug_product: z.boolean().nullable().openapi({ description: 'Patents: claims the drug product.' }),
    use_code: z.string().nullable(),
    delist_requested: z.boolean().nullable(),
    source: RowSourceSchema,
  })
  .openapi('LaunchBarrier');

export const LaunchRadarItemSchema = z
  .object({
    ...obProductFields,
    loss_of_exclusivity: date(
      'Outer bound: the latest date among the patents and exclusivities listed for the product in the Orange Book release in force. Not a launch date: patents can be invalidated, settled or licensed, pediatric extensions are listed as their own rows, and unlisted patents are not counted. Null when none is listed.',
    ),
    protected: z.boolean().openapi({ description: '`loss_of_exclusivity` is on or after `as_of`.' }),
    barriers: z.array(BarrierSchema).openapi({ description: 'Every listed patent and exclusivity, latest first.' }),
  })
  .openapi('LaunchRadarItem');
export type LaunchRadarItem = z.infer<typeof LaunchRadarItemSchema>;

export const LaunchRadarPageSchema = z
  .object({ items: z.array(LaunchRadarItemSchema), ...offsetPage, ...answerProvenanceFields })
  .openapi('LaunchRadarPage');
export type LaunchRadarPage = z.infer<typeof LaunchRadarPageSchema>;
