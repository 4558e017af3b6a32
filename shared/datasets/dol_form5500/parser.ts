import { JsonShapeError, streamJsonArray } from '../../formats/json-stream';
import { toChunks } from '../../publishers/common/bytes';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { amount, text } from '../../publishers/common/values';
import type { HealthPlanRow, OwnershipRow, ScheduleARow, ScheduleCRow } from '../../rx/employer-rows';
import { MAIN_PARSER_HEAD, OWNERSHIP_PARSER_HEAD, SCH_A_PARSER_HEAD, SCH_C_PARSER_HEAD } from './head';

/**
 * Column maps by header name (DOL EBSA "Form 5500 Data Dictionary" / record layouts of the FOIA
 * datasets, 2009 onwards; the 2021-2024 layouts were followed). Each entry lists the names a
 * column has had, newest first; `?` marks a column older layouts lack (read as empty).
 */
type ColumnMap = Record<string, readonly string[]>;

const MAIN = {
  ack: ['ACK_ID'],
  begin: ['FORM_PLAN_YEAR_BEGIN_DATE'],
  end: ['FORM_TAX_PRD'],
  planName: ['PLAN_NAME'],
  planNum: ['SPONS_DFE_PN', 'PLAN_NUM'],
  sponsor: ['SPONSOR_DFE_NAME'],
  ein: ['SPONS_DFE_EIN'],
  state: ['SPONS_DFE_MAIL_US_STATE'],
  zip: ['SPONS_DFE_MAIL_US_ZIP'],
  active: ['TOT_ACTIVE_PARTCP_CNT'],
  welfare: ['TYPE_WELFARE_BNFT_CODE'],
  fundIns: ['FUNDING_INSURANCE_IND'],
  fundTrust: ['FUNDING_TRUST_IND'],
  fundGen: ['FUNDING_GEN_ASSET_IND'],
  benIns: ['BENEFIT_INSURANCE_IND'],
  benTrust: ['BENEFIT_TRUST_IND'],
  benGen: ['BENEFIT_GEN_ASSET_IND'],
} as const satisfies ColumnMap;
const MAIN_OPTIONAL = {
  boy: ['TOT_PARTCP_BOY_CNT'],
  schA: ['NUM_SCH_A_ATTACHED_CNT'],
  schC: ['SCH_C_ATTACHED_IND'],
  received: ['DATE_RECEIVED'],
} as const satisfies ColumnMap;

const SCH_A = {
  ack: ['ACK_ID'],
  carrier: ['INS_CARRIER_NAME'],
  health: ['WLFR_BNFT_HEALTH_IND'],
  drug: ['WLFR_BNFT_DRUG_IND'],
  stopLoss: ['WLFR_BNFT_STOP_LOSS_IND'],
} as const satisfies ColumnMap;
const SCH_A_OPTIONAL = {
  carrierEin: ['INS_CARRIER_EIN'],
  naic: ['INS_CARRIER_NAIC_CODE'],
  contract: ['INS_CONTRACT_NUM'],
  persons: ['INS_PRSN_COVERED_EOY_CNT'],
  hmo: ['WLFR_BNFT_HMO_IND'],
  ppo: ['WLFR_BNFT_PPO_IND'],
  indemnity: ['WLFR_BNFT_INDEMNITY_IND'],
  dental: ['WLFR_BNFT_DENTAL_IND'],
  vision: ['WLFR_BNFT_VISION_IND'],
  premium: ['WLFR_TOT_EARNED_PREM_AMT'],
} as const satisfies ColumnMap;

const SCH_C = {
  ack: ['ACK_ID'],
  name: ['PROVIDER_OTHER_NAME'],
  direct: ['PROVIDER_OTHER_DIRECT_COMP_AMT'],
} as const satisfies ColumnMap;
const SCH_C_OPTIONAL = {
  row: ['ROW_ORDER'],
  ein: ['PROVIDER_OTHER_EIN'],
  codes: ['PROVIDER_OTHER_SRVC_CODES'],
  relation: ['PROVIDER_OTHER_RELATION'],
  indirect: ['PROV_OTHER_TOT_IND_COMP_AMT'],
} as const satisfies ColumnMap;

type Pos<M extends ColumnMap> = Record<keyof M, number>;

function positions<M extends ColumnMap, O extends ColumnMap>(
  h: HeaderIndex,
  required: M,
  optional: O,
): Pos<M> & Pos<O> {
  const out: Record<string, number> = {};
  for (const [k, names] of Object.entries(required)) out[k] = h.require(...names);
  for (const [k, names] of Object.entries(optional)) out[k] = h.find(...names);
  return out as Pos<M> & Pos<O>;
}

/** `1` is yes; `0`, blank and anything else no (the indicators are published as 1/0 or blank). */
const ind = (raw: string) => raw.trim() === '1' || raw.trim().toUpperCase() === 'Y';

/** EIN as 9 digits (a leading zero lost by a spreadsheet is put back), or null. */
export function ein9(raw: string): string | null {
  const d = raw.replace(/\D/g, '');
  if (!d) return null;
  return d.length <= 9 && d.length >= 7 ? d.padStart(9, '0') : null;
}

const count = (raw: string, id: string, line: number) => {
  const n = amount(raw, id, line);
  return n === null ? null : Math.round(n);
};

async function* rowsOf<T>(
  input: ByteInput,
  id: string,
  onHeader: (h: HeaderIndex) => void,
  onRow: (f: string[], line: number, record: number) => T | null,
): AsyncGenerator<T> {
  let header = false;
  let record = 0;
  for await (const rec of csvRecords(input, 'latin1', id)) {
    if (!header) {
      onHeader(new HeaderIndex(rec.fields, id, rec.line));
      header = true;
      continue;
    }
    if (isBlankRecord(rec.fields)) continue;
    const out = onRow(rec.fields, rec.line, ++record);
    if (out !== null) yield out;
  }
  if (!header) throw new PublisherFormatError(id, 1, 'empty file: no header');
}

/**
 * The main Form 5500 file (f_5500_<year>_latest.csv): the health plans only (welfare benefit
 * code 4A among TYPE_WELFARE_BNFT_CODE's two-character codes); other filings are skipped and
 * keep their record numbers, so locators point at the published record. Placement fields are
 * left for the placer (shared/rx/employer-place.ts).
 */
async function* parseMain(input: ByteInput): AsyncGenerator<HealthPlanRow> {
  const ID = MAIN_PARSER_HEAD.id;
  let p!: Pos<typeof MAIN> & Pos<typeof MAIN_OPTIONAL>;
  yield* rowsOf(
    input,
    ID,
    (h) => {
      p = positions(h, MAIN, MAIN_OPTIONAL);
    },
    (f, line, record): HealthPlanRow | null => {
      const g = (k: keyof typeof p) => at(f, p[k]);
      const codes = (g('welfare')
        .toUpperCase()
        .match(/\d[A-Z]/g) ?? []) as string[];
      if (!codes.includes('4A')) return null;
      const ack = g('ack').trim();
      if (!ack) throw new PublisherFormatError(ID, line, 'ACK_ID is empty');
      const ein = ein9(g('ein'));
      if (!ein) throw new PublisherFormatError(ID, line, `SPONS_DFE_EIN ${JSON.stringify(g('ein'))} is not an EIN`);
      const begin = parseDate(g('begin'), ID, line);
      const formYear = begin ? Number(begin.slice(0, 4)) : null;
      if (!formYear) throw new PublisherFormatError(ID, line, 'FORM_PLAN_YEAR_BEGIN_DATE is empty');
      const planNum = (text(g('planNum')) ?? '').padStart(3, '0');
      const zip = g('zip').replace(/\D/g, '').slice(0, 5);
      const schA = text(g('schA'));
      return {
        ack_id: ack,
        form_year: formYear,
        plan_year_begin: begin,
        plan_year_end: parseDate(g('end'), ID, line),
        ein,
        plan_num: planNum,
        plan_key: `${ein}-${planNum}`,
        plan_name: text(g('planName')),
        sponsor_name: text(g('sponsor')) ?? '',
        state: text(g('state'))?.toUpperCase() ?? null,
        zip5: zip.length === 5 ? zip : null,
        active_participants: count(g('active'), ID, line),
        total_participants_boy: count(g('boy'), ID, line),
        welfare_codes: codes,
        funding_insurance: ind(g('fundIns')),
        funding_trust: ind(g('fundTrust')),
        funding_gen_asset: ind(g('fundGen')),
        benefit_insurance: ind(g('benIns')),
        benefit_trust: ind(g('benTrust')),
        benefit_gen_asset: ind(g('benGen')),
        sch_a_count: schA === null ? null : count(schA, ID, line),
        sch_c_attached: ind(g('schC')),
        date_received: parseDate(g('received'), ID, line),
        cbsa: null,
        stop_loss: false,
        health_funding_class: null,
        funding_basis: 'not placed',
        pbm_key: null,
        pbm_name: null,
        pbm_parent: null,
        pbm_fees: null,
        pbm_matches: [],
        carriers: [],
        integration: 'unclassified',
        integration_parent: null,
        integration_basis: 'not placed',
        placed_with: 'none',
        locator: { line, record },
      };
    },
  );
}

/** Schedule A (F_SCH_A_<year>_latest.csv): one row per insurance contract, keyed by ACK_ID. */
async function* parseScheduleA(input: ByteInput): AsyncGenerator<ScheduleARow> {
  const ID = SCH_A_PARSER_HEAD.id;
  let p!: Pos<typeof SCH_A> & Pos<typeof SCH_A_OPTIONAL>;
  yield* rowsOf(
    input,
    ID,
    (h) => {
      p = positions(h, SCH_A, SCH_A_OPTIONAL);
    },
    (f, line, record): ScheduleARow => {
      const g = (k: keyof typeof p) => at(f, p[k]);
      const ack = g('ack').trim();
      if (!ack) throw new PublisherFormatError(ID, line, 'ACK_ID is empty');
      return {
        ack_id: ack,
        carrier_name: text(g('carrier')),
        carrier_ein: ein9(g('carrierEin')),
        carrier_naic: text(g('naic')),
        contract_num: text(g('contract')),
        persons_covered: count(g('persons'), ID, line),
        health: ind(g('health')),
        drug: ind(g('drug')),
        stop_loss: ind(g('stopLoss')),
        hmo: ind(g('hmo')),
        ppo: ind(g('ppo')),
        indemnity: ind(g('indemnity')),
        dental: ind(g('dental')),
        vision: ind(g('vision')),
        premium_earned: amount(g('premium'), ID, line),
        locator: { line, record },
      };
    },
  );
}

/** Schedule C part I item 2 (F_SCH_C_PART1_ITEM2_<year>_latest.csv): providers with reportable compensation. */
async function* parseScheduleC(input: ByteInput): AsyncGenerator<ScheduleCRow> {
  const ID = SCH_C_PARSER_HEAD.id;
  let p!: Pos<typeof SCH_C> & Pos<typeof SCH_C_OPTIONAL>;
  yield* rowsOf(
    input,
    ID,
    (h) => {
      p = positions(h, SCH_C, SCH_C_OPTIONAL);
    },
    (f, line, record): ScheduleCRow | null => {
      const g = (k: keyof typeof p) => at(f, p[k]);
      const ack = g('ack').trim();
      if (!ack) throw new PublisherFormatError(ID, line, 'ACK_ID is empty');
      const name = text(g('name'));
      if (!name) return null;
      const row = count(g('row'), ID, line);
      return {
        ack_id: ack,
        row_order: row,
        provider_name: name,
        provider_ein: ein9(g('ein')),
        service_codes: g('codes').match(/\d{2}/g) ?? [],
        relation: text(g('relation')),
        direct_comp: amount(g('direct'), ID, line),
        indirect_comp: amount(g('indirect'), ID, line),
        locator: { line, record },
      };
    },
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const strs = (v: unknown) => (Array.isArray(v) ? v.map(str).filter(Boolean) : []);

/** The curated ownership table (../dol_form5500/plan-ownership.json): `entities`, each checked. */
async function* parseOwnership(input: ByteInput): AsyncGenerator<OwnershipRow> {
  const ID = OWNERSHIP_PARSER_HEAD.id;
  let record = 0;
  try {
    for await (const e of streamJsonArray(toChunks(input), { path: ['entities'] })) {
      record++;
      const r = e.value as Record<string, unknown>;
      const kind = str(r.kind);
      if (!str(r.entity_id) || !str(r.name) || !str(r.parent) || (kind !== 'pbm' && kind !== 'carrier'))
        throw new PublisherFormatError(ID, record, 'an entity needs entity_id, name, parent and kind pbm|carrier');
      const citations = Array.isArray(r.citations) ? (r.citations as Record<string, unknown>[]) : [];
      if (!citations.length || citations.some((c) => !/^https:\/\//.test(str(c.url))))
        throw new PublisherFormatError(ID, record, `${str(r.entity_id)}: every entity cites its basis (https URLs)`);
      yield {
        entity_id: str(r.entity_id),
        kind,
        name: str(r.name),
        parent: str(r.parent),
        blues_affiliated: r.blues_affiliated === true,
        aliases: strs(r.aliases),
        eins: strs(r.eins).map((x) => ein9(x) ?? x),
        citations: citations.map((c) => ({
          title: str(c.title),
          url: str(c.url),
          published: str(c.published) || null,
          says: str(c.says),
        })),
        locator: { line: record, record },
      };
    }
  } catch (err) {
    if (err instanceof JsonShapeError) throw new PublisherFormatError(ID, record + 1, err.message);
    throw err;
  }
  if (record === 0) throw new PublisherFormatError(ID, 1, 'no entities');
}

export const mainParser: PublisherParser<HealthPlanRow> = { ...MAIN_PARSER_HEAD, parse: parseMain, codesOf: () => [] };
export const scheduleAParser: PublisherParser<ScheduleARow> = {
  ...SCH_A_PARSER_HEAD,
  parse: parseScheduleA,
  codesOf: () => [],
};
export const scheduleCParser: PublisherParser<ScheduleCRow> = {
  ...SCH_C_PARSER_HEAD,
  parse: parseScheduleC,
  codesOf: () => [],
};
export const ownershipParser: PublisherParser<OwnershipRow> = {
  ...OWNERSHIP_PARSER_HEAD,
  parse: parseOwnership,
  codesOf: () => [],
};
