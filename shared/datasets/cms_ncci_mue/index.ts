import type { RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import { type MueRecord, mueParser } from '../../publishers/ncci-mue/mue';
import { cmsNcciMue } from '../../sources/decl/cms-ncci';
import { defineSource } from '../module';

const facts: RowFacts<MueRecord> = {
  version: '2',
  replayKinds: ['mue'],
  rows: (r) => [{ key: { kind: 'code', value: r.code }, kind: 'mue', value: recordValue(r), record: r }],
};

export default defineSource({
  source: {
    ...cmsNcciMue,
    samples: 'shared/datasets/cms_ncci_mue/fixtures/manifest.json',
    docs: cmsNcciMue.docs.map((d) => ({ ...d, parser: () => mueParser })),
  },
  facts: Object.fromEntries(cmsNcciMue.docs.map((d) => [d.docId, facts as RowFacts])),
});
