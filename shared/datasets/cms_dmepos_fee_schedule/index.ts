import type { RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import { type DmeposFeeRecord, dmeposFeeParser } from '../../publishers/dmepos/fee-schedule';
import { dmeposRuralZipParser, type RuralZipRecord } from '../../publishers/dmepos/rural-zip';
import { cmsDmeposFeeSchedule } from '../../sources/decl/cms-dmepos-fee-schedule';
import { defineSource } from '../module';

/** The DMEPOS and PEN fee schedules (dmepos:1, dmepos:2) and the rural ZIP file (dmepos:3); the former-CBA files are archived only. */
const PARSERS: Readonly<Record<string, () => typeof dmeposFeeParser | typeof dmeposRuralZipParser>> = {
  'dmepos:1': () => dmeposFeeParser,
  'dmepos:2': () => dmeposFeeParser,
  'dmepos:3': () => dmeposRuralZipParser,
};

const fee: RowFacts<DmeposFeeRecord> = {
  version: '2',
  replayKinds: ['dmepos_fee'],
  rows: (r) => [{ key: { kind: 'code', value: r.code }, kind: 'dmepos_fee', value: recordValue(r), record: r }],
};

/** One fact per rural ZIP, found by the ZIP (read only when a claim names one). */
const ruralZip: RowFacts<RuralZipRecord> = {
  version: '2',
  replayKinds: ['dmepos_rural_zip'],
  rows: (r) => [{ key: { kind: 'zip', value: r.zip }, kind: 'dmepos_rural_zip', value: recordValue(r), record: r }],
};

export default defineSource({
  source: {
    ...cmsDmeposFeeSchedule,
    samples: 'shared/datasets/cms_dmepos_fee_schedule/fixtures/manifest.json',
    docs: cmsDmeposFeeSchedule.docs.map((d) => (PARSERS[d.docId] ? { ...d, parser: PARSERS[d.docId] } : d)),
  },
  facts: { 'dmepos:1': fee as RowFacts, 'dmepos:2': fee as RowFacts, 'dmepos:3': ruralZip as RowFacts },
});
