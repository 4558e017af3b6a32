import type { PublisherParser } from '../../publishers/common/types';
import { type PtpRecord, ptpParser } from './ptp';

/** A PTP edit with the setting of its table: ccipra files are the practitioner table, ccioph (ccihos) the hospital one. */
export type PtpFact = PtpRecord & { setting: 'practitioner' | 'hospital' | null };

export function settingOfFile(name: string): PtpFact['setting'] {
  const base = name.split('/').pop() ?? name;
  return /^ccipra/i.test(base) ? 'practitioner' : /^cci(oph|hos)/i.test(base) ? 'hospital' : null;
}

/**
 * The parser of a PTP document's file: the layout parser (ptp.ts), each record carrying its table's
 * setting (so a replay of the locator gives the same value). Same id and version as the layout parser.
 */
export function ptpTableParser(name: string): PublisherParser<PtpFact> {
  const setting = settingOfFile(name);
  return {
    id: ptpParser.id,
    version: ptpParser.version,
    resumable: ptpParser.resumable,
    codesOf: (r) => ptpParser.codesOf(r),
    async *parse(input, options) {
      for await (const r of ptpParser.parse(input, options)) yield { ...r, setting };
    },
    async *parseBatches(input, options) {
      for await (const batch of ptpParser.parseBatches!(input, options)) yield batch.map((r) => ({ ...r, setting }));
    },
  };
}
