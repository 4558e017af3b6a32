import type { FactRow, RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import type { PublisherParser } from '../../publishers/common/types';
import { type PtpRecord, ptpParser } from '../../publishers/ncci-ptp/ptp';
import { cmsNcciPtp } from '../../sources/decl/cms-ncci';
import { defineSource } from '../module';

/** A PTP edit with the setting of its table: ccipra files are the practitioner table, ccioph (ccihos) the hospital one. */
type PtpFact = PtpRecord & { setting: 'practitioner' | 'hospital' | null };

function settingOfFile(name: string): PtpFact['setting'] {
  const base = name.split('/').pop() ?? name;
  return /^ccipra/i.test(base) ? 'practitioner' : /^cci(oph|hos)/i.test(base) ? 'hospital' : null;
}

/** The PTP parser, each record carrying its table's setting (so a replay of the locator gives the same value). */
function parser(name: string): PublisherParser<PtpFact> {
  const setting = settingOfFile(name);
  return {
    id: ptpParser.id,
    version: ptpParser.version,
    codesOf: (r) => ptpParser.codesOf(r),
    async *parse(input, options) {
      for await (const r of ptpParser.parse(input, options)) yield { ...r, setting };
    },
  };
}

/** A pair is found from either of its codes. */
const facts: RowFacts<PtpFact> = {
  version: '2',
  replayKinds: ['ptp'],
  rows: (r) => {
    const value = recordValue(r);
    const rows: FactRow[] = [{ key: { kind: 'code', value: r.column1 }, kind: 'ptp', value, record: r }];
    if (r.column2 !== r.column1) rows.push({ key: { kind: 'code', value: r.column2 }, kind: 'ptp', value, record: r });
    return rows;
  },
};

export default defineSource({
  source: {
    ...cmsNcciPtp,
    samples: 'shared/datasets/cms_ncci_ptp/fixtures/manifest.json',
    docs: cmsNcciPtp.docs.map((d) => ({ ...d, parser })),
  },
  facts: Object.fromEntries(cmsNcciPtp.docs.map((d) => [d.docId, facts as RowFacts])),
});
