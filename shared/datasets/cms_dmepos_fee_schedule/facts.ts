import type { RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import type { DmeposFeeRecord } from './fee-schedule';
import type { RuralZipRecord } from './rural-zip';

/** One `dmepos_fee` fact per row (code, modifiers) of the DMEPOS and PEN fee schedules. */
export const feeFacts: RowFacts<DmeposFeeRecord> = {
  version: '2',
  replayKinds: ['dmepos_fee'],
  rows: (r) => [{ key: { kind: 'code', value: r.code }, kind: 'dmepos_fee', value: recordValue(r), record: r }],
};

/** One fact per rural ZIP, found by the ZIP (read only when a claim names one). */
export const ruralZipFacts: RowFacts<RuralZipRecord> = {
  version: '2',
  replayKinds: ['dmepos_rural_zip'],
  rows: (r) => [{ key: { kind: 'zip', value: r.zip }, kind: 'dmepos_rural_zip', value: recordValue(r), record: r }],
};
