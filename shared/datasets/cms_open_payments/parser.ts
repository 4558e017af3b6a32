import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { amount, text } from '../../publishers/common/values';
import { OPEN_PAYMENTS_PARSER_HEAD } from './head';

const ID = OPEN_PAYMENTS_PARSER_HEAD.id;

export type PaymentKind = 'general' | 'research' | 'ownership';
export type PaymentRole = 'recipient' | 'principal_investigator' | 'owner';

/**
 * One payment record as it concerns one NPI: a general payment to its covered recipient, a research
 * payment to its recipient or naming the NPI as a principal investigator, an ownership or
 * investment interest of a physician. A record naming several NPIs gives one row per NPI (a PI who
 * is also the recipient is one row, role principal_investigator). Records without an NPI (teaching
 * hospitals; program years before 2021, whose files carry the physician profile id only) give none.
 */
export interface PaymentRecord extends Located {
  kind: PaymentKind;
  role: PaymentRole;
  npi: string;
  record_id: string;
  program_year: number | null;
  change_type: string | null;
  payer: string;
  payer_id: string | null;
  /** Dollars: the payment total, or for ownership the amount invested. */
  amount: number | null;
  date: string | null;
  /** As published; research rows are `Research`, ownership rows `Ownership or investment interest`. */
  nature: string;
  form: string | null;
  nct_id: string | null;
  study_name: string | null;
  recipient_last_name: string | null;
  recipient_first_name: string | null;
  recipient_state: string | null;
  value_of_interest: number | null;
}

/**
 * Column names of the Open Payments detail files, program year 2021 on (the Methodology and Data
 * Dictionary, "Covered_Recipient_*" names); the ownership file names its physician `Physician_*`.
 */
const C = {
  npi: ['Covered_Recipient_NPI', 'Physician_NPI'],
  first: ['Covered_Recipient_First_Name', 'Physician_First_Name'],
  last: ['Covered_Recipient_Last_Name', 'Physician_Last_Name'],
  state: ['Recipient_State'],
  payer: ['Applicable_Manufacturer_or_Applicable_GPO_Making_Payment_Name'],
  payerId: ['Applicable_Manufacturer_or_Applicable_GPO_Making_Payment_ID'],
  amount: ['Total_Amount_of_Payment_USDollars', 'Total_Amount_Invested_USDollars'],
  value: ['Value_of_Interest'],
  date: ['Date_of_Payment'],
  nature: ['Nature_of_Payment_or_Transfer_of_Value'],
  form: ['Form_of_Payment_or_Transfer_of_Value'],
  nct: ['ClinicalTrials_Gov_Identifier'],
  study: ['Name_of_Study'],
  record: ['Record_ID'],
  year: ['Program_Year'],
  change: ['Change_Type'],
} as const;
type Col = keyof typeof C;
const PI_SLOTS = [1, 2, 3, 4, 5] as const;

const npiOf = (raw: string): string | null => {
  const s = raw.trim().replace(/\.0+$/, '');
  return /^\d{10}$/.test(s) ? s : null;
};
const nctOf = (raw: string | null): string | null => {
  const m = raw ? /NCT\s*-?\s*(\d{8})/i.exec(raw) : null;
  return m ? `NCT${m[1]}` : null;
};

async function* parsePayments(input: ByteInput): AsyncGenerator<PaymentRecord> {
  let pos: Record<Col, number> | null = null;
  let pis: number[] = [];
  let kind: PaymentKind = 'general';
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries((Object.keys(C) as Col[]).map((k) => [k, h.find(...C[k])])) as Record<Col, number>;
      h.require(...C.record);
      h.require(...C.payer);
      kind =
        h.find('Value_of_Interest', 'Total_Amount_Invested_USDollars') >= 0
          ? 'ownership'
          : h.find('Principal_Investigator_1_NPI', 'ClinicalTrials_Gov_Identifier') >= 0
            ? 'research'
            : 'general';
      if (kind !== 'research' && pos.npi < 0)
        throw new PublisherFormatError(
          ID,
          rec.line,
          'missing column "Covered_Recipient_NPI" (program year 2021 layout)',
        );
      pis = PI_SLOTS.map((i) => h.find(`Principal_Investigator_${i}_NPI`));
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: Col) => text(at(f, pos![k]));
    const recordId = g('record');
    const payer = g('payer');
    if (!recordId || !payer)
      throw new PublisherFormatError(ID, rec.line, 'Record_ID or the paying manufacturer is empty');
    const year = g('year');
    const base = {
      kind,
      record_id: recordId,
      program_year: year && /^\d{4}$/.test(year) ? Number(year) : null,
      change_type: g('change'),
      payer,
      payer_id: g('payerId'),
      amount: amount(at(f, pos.amount), ID, rec.line),
      date: parseDate(at(f, pos.date), ID, rec.line),
      nature:
        kind === 'research'
          ? 'Research'
          : kind === 'ownership'
            ? 'Ownership or investment interest'
            : (g('nature') ?? 'Not stated'),
      form: g('form'),
      nct_id: nctOf(g('nct')),
      study_name: g('study'),
      recipient_last_name: g('last'),
      recipient_first_name: g('first'),
      recipient_state: g('state'),
      value_of_interest: amount(at(f, pos.value), ID, rec.line),
    };
    const piNpis = [...new Set(pis.map((p) => npiOf(at(f, p))).filter((n): n is string => !!n))];
    for (const npi of piNpis)
      yield { ...base, role: 'principal_investigator', npi, locator: { line: rec.line, record: ++count } };
    const recipient = npiOf(at(f, pos.npi));
    if (recipient && !piNpis.includes(recipient))
      yield {
        ...base,
        role: kind === 'ownership' ? 'owner' : 'recipient',
        npi: recipient,
        locator: { line: rec.line, record: ++count },
      };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const openPaymentsParser: PublisherParser<PaymentRecord> = {
  ...OPEN_PAYMENTS_PARSER_HEAD,
  parse: parsePayments,
  codesOf: () => [],
};
