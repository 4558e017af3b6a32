import type { RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import type { HcpcsRecord } from './record';

/** One `hcpcs_code` fact per code (modifier records hold none). */
export const hcpcsFacts: RowFacts<HcpcsRecord> = {
  version: '2',
  replayKinds: ['hcpcs_code'],
  rows: (r) =>
    r.code ? [{ key: { kind: 'code', value: r.code }, kind: 'hcpcs_code', value: recordValue(r), record: r }] : [],
};
