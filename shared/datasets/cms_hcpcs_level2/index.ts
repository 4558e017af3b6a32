import type { RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import { hcpcsAnwebParser } from '../../publishers/hcpcs/anweb';
import { hcpcsCsvParser } from '../../publishers/hcpcs/csv';
import type { HcpcsRecord } from '../../publishers/hcpcs/record';
import { hcpcsXlsxParser } from '../../publishers/hcpcs/xlsx';
import { cmsHcpcsLevel2 } from '../../sources/decl/cms-hcpcs-level2';
import { defineSource } from '../module';

/** The record file in any of its forms (fixed-width .txt, .xlsx, CSV); another name (placed with --doc) reads as the .txt. */
const parser = (name: string) =>
  /\.csv$/i.test(name) ? hcpcsCsvParser : /\.xlsx$/i.test(name) ? hcpcsXlsxParser : hcpcsAnwebParser;

/** One `hcpcs_code` fact per code (modifier records hold none). */
const facts: RowFacts<HcpcsRecord> = {
  version: '2',
  replayKinds: ['hcpcs_code'],
  rows: (r) =>
    r.code ? [{ key: { kind: 'code', value: r.code }, kind: 'hcpcs_code', value: recordValue(r), record: r }] : [],
};

export default defineSource({
  source: {
    ...cmsHcpcsLevel2,
    samples: 'shared/datasets/cms_hcpcs_level2/fixtures/manifest.json',
    docs: cmsHcpcsLevel2.docs.map((d) => ({ ...d, parser })),
  },
  facts: { 'hcpcs:1': facts as RowFacts },
});
