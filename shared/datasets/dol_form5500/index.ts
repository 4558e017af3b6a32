import { defineSource } from '../module';
import { healthPlansDataset, ownershipDataset, scheduleADataset, scheduleCDataset } from './dataset';
import { form5500 } from './source';

/** DOL Form 5500 filings (main form, Schedules A and C) and the curated PBM and carrier ownership table. */
export default defineSource({
  source: form5500,
  datasets: [scheduleADataset, scheduleCDataset, ownershipDataset, healthPlansDataset],
});
