import type { RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import type { MueRecord } from './mue';

/** One `mue` fact per code and table (the setting is in the record). */
export const mueFacts: RowFacts<MueRecord> = {
  version: '2',
  replayKinds: ['mue'],
  rows: (r) => [{ key: { kind: 'code', value: r.code }, kind: 'mue', value: recordValue(r), record: r }],
};
