import type { RowFacts } from '../../facts/registry';
import { defineSource } from '../module';
import { feeFacts, ruralZipFacts } from './facts';
import { cmsDmeposFeeSchedule } from './source';

/** The former-CBA files (dmepos:4-6) are archived only: no facts. */
export default defineSource({
  source: cmsDmeposFeeSchedule,
  facts: { 'dmepos:1': feeFacts as RowFacts, 'dmepos:2': feeFacts as RowFacts, 'dmepos:3': ruralZipFacts as RowFacts },
});
