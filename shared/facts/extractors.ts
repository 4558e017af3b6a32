import type { Located, PublisherParser } from '../publishers/common/types';
import type { DmeposFeeRecord } from '../publishers/dmepos/fee-schedule';
import { dmeposFeeParser } from '../publishers/dmepos/fee-schedule';
import { dmeposRuralZipParser, type RuralZipRecord } from '../publishers/dmepos/rural-zip';
import { hcpcsAnwebParser } from '../publishers/hcpcs/anweb';
import { hcpcsCsvParser } from '../publishers/hcpcs/csv';
import type { HcpcsRecord } from '../publishers/hcpcs/record';
import { hcpcsXlsxParser } from '../publishers/hcpcs/xlsx';
import { type LeieRecord, leieParser } from '../publishers/leie/leie';
import { type MueRecord, mueParser } from '../publishers/ncci-mue/mue';
import { type PtpRecord, ptpParser } from '../publishers/ncci-ptp/ptp';

/**
 * What each document's records contribute as facts: the key they are found by (a billing code,
 * an NPI or a ZIP code), the fact kind and the value. One record can index under several keys (a PTP pair
 * is found from either of its codes). The value is the parsed record without its locator, so
 * a replay of the locator yields the same value.
 */
export interface FactRow {
  key: { kind: 'code' | 'npi' | 'zip'; value: string };
  kind: string;
  value: Record<string, unknown>;
  record: Located;
}

export interface Extractor<R extends Located = Located> {
  parser(fileName: string): PublisherParser<R>;
  rows(record: R): FactRow[];
}

function recordValue(r: Located): Record<string, unknown> {
  const { locator: _locator, ...rest } = r as Located & Record<string, unknown>;
  return rest;
}

/** The record file in any of its forms (fixed-width .txt, .xlsx, CSV); another name (placed with --doc) reads as the .txt. */
const hcpcs: Extractor<HcpcsRecord> = {
  parser: (name) =>
    /\.csv$/i.test(name) ? hcpcsCsvParser : /\.xlsx$/i.test(name) ? hcpcsXlsxParser : hcpcsAnwebParser,
  rows: (r) =>
    r.code ? [{ key: { kind: 'code', value: r.code }, kind: 'hcpcs_code', value: recordValue(r), record: r }] : [],
};

const dmepos: Extractor<DmeposFeeRecord> = {
  parser: () => dmeposFeeParser,
  rows: (r) => [{ key: { kind: 'code', value: r.code }, kind: 'dmepos_fee', value: recordValue(r), record: r }],
};

/** The DMEPOS rural ZIP file: one fact per ZIP, found by the ZIP (read only when a claim names one). */
const ruralZip: Extractor<RuralZipRecord> = {
  parser: () => dmeposRuralZipParser,
  rows: (r) => [{ key: { kind: 'zip', value: r.zip }, kind: 'dmepos_rural_zip', value: recordValue(r), record: r }],
};

const mue: Extractor<MueRecord> = {
  parser: () => mueParser,
  rows: (r) => [{ key: { kind: 'code', value: r.code }, kind: 'mue', value: recordValue(r), record: r }],
};

/** A PTP edit with the setting of its table: ccipra files are the practitioner table, ccioph (ccihos) the hospital one. */
type PtpFact = PtpRecord & { setting: 'practitioner' | 'hospital' | null };

function ptpSettingOfFile(name: string): PtpFact['setting'] {
  const base = name.split('/').pop() ?? name;
  return /^ccipra/i.test(base) ? 'practitioner' : /^cci(oph|hos)/i.test(base) ? 'hospital' : null;
}

/** The PTP parser, each record carrying its table's setting (so a replay of the locator gives the same value). */
function ptpWithSetting(name: string): PublisherParser<PtpFact> {
  const setting = ptpSettingOfFile(name);
  return {
    id: ptpParser.id,
    version: ptpParser.version,
    codesOf: (r) => ptpParser.codesOf(r),
    async *parse(input, options) {
      for await (const r of ptpParser.parse(input, options)) yield { ...r, setting };
    },
  };
}

const ptp: Extractor<PtpFact> = {
  parser: ptpWithSetting,
  rows: (r) => {
    const value = recordValue(r);
    const rows: FactRow[] = [{ key: { kind: 'code', value: r.column1 }, kind: 'ptp', value, record: r }];
    if (r.column2 !== r.column1) rows.push({ key: { kind: 'code', value: r.column2 }, kind: 'ptp', value, record: r });
    return rows;
  },
};

const leie: Extractor<LeieRecord> = {
  parser: () => leieParser,
  rows: (r) => (r.npi ? [{ key: { kind: 'npi', value: r.npi }, kind: 'leie', value: recordValue(r), record: r }] : []),
};

/** The extractor of a document, by doc id; documents without one hold no warrant facts. */
export function extractorFor(docId: string): Extractor | undefined {
  const [prefix, num] = docId.split(':');
  const n = Number(num);
  switch (prefix) {
    case 'hcpcs':
      return hcpcs as Extractor;
    case 'dmepos':
      return n === 1 || n === 2 ? (dmepos as Extractor) : n === 3 ? (ruralZip as Extractor) : undefined;
    case 'mue':
      return mue as Extractor;
    case 'ptp':
      return ptp as Extractor;
    case 'leie':
      return leie as Extractor;
    default:
      return undefined;
  }
}
