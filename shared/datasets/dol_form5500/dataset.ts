import { defineDataset } from '../../catalog/dataset';
import {
  EMPLOYER_ROLLUPS,
  FORM5500_PLANS_DATASET,
  FORM5500_SCH_A_DATASET,
  FORM5500_SCH_C_DATASET,
  FORM5500_SOURCE,
  type HealthPlanRow,
  HealthPlanRowSchema,
  type OwnershipRow,
  OwnershipRowSchema,
  PLAN_OWNERSHIP_DATASET,
  type ScheduleARow,
  ScheduleARowSchema,
  type ScheduleCRow,
  ScheduleCRowSchema,
} from '../../rx/employer-rows';
import { RX_DATASET_GROUP } from '../../rx/group';
import { onlyDoc, scheduleDataset } from './schedule-dataset';
import { mainParser, ownershipParser, scheduleAParser, scheduleCParser } from './source';

const SOURCE = FORM5500_SOURCE;

/** Schedule A contracts by ACK_ID: read by the plans' placer when a main form loads. */
export const scheduleADataset = scheduleDataset<ScheduleARow>({
  id: FORM5500_SCH_A_DATASET,
  title: 'Form 5500 Schedule A insurance contracts',
  docId: 'form5500:2',
  parser: scheduleAParser,
  schema: ScheduleARowSchema,
});

/** Schedule C part I item 2 providers by ACK_ID: read by the plans' placer when a main form loads. */
export const scheduleCDataset = scheduleDataset<ScheduleCRow>({
  id: FORM5500_SCH_C_DATASET,
  title: 'Form 5500 Schedule C service providers (part I item 2)',
  docId: 'form5500:3',
  parser: scheduleCParser,
  schema: ScheduleCRowSchema,
});

/**
 * The curated PBM and carrier ownership table (./plan-ownership.json), one snapshot per archived
 * version, read whole (tens of rows). `identity`: an ownership statement does not lapse with the
 * monthly cadence; a change is a new archived version.
 */
export const ownershipDataset = defineDataset<OwnershipRow>({
  id: PLAN_OWNERSHIP_DATASET,
  title: 'PBM and carrier ownership (curated)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'form5500:4', mode: 'snapshot' }],
  parserFor: onlyDoc('form5500:4', ownershipParser),
  schema: OwnershipRowSchema,
  indexes: [{ name: 'entity_id', unique: true, keys: (r) => [r.entity_id] }],
  listings: { entities: { description: 'Every entity, by id.', sort: { field: 'entity_id', type: 'string' } } },
  freshness: 'identity',
  loadPriority: 1,
});

const MEASURES = {
  plans: { op: 'count' },
  active_participants: { op: 'sum', field: 'active_participants' },
  pbm_fees: { op: 'sum', field: 'pbm_fees' },
} as const;
const byActive = { sort: { field: 'active_participants', type: 'number' }, direction: 'desc' } as const;

/**
 * The health plans of the main Form 5500 (welfare code 4A), one version per refresh of a plan
 * year's file (supplements: every plan year in force answers; shared/rx/employers.ts reads the
 * newest refresh of each year). Each row is completed at load from Schedules A and C (by ACK_ID),
 * the ownership table and the ZIP crosswalk (shared/rx/employer-place.ts), then rolled up per
 * metro, integration class, integration parent and PBM. The plans listing is ordered by active
 * participants, largest first, then version and record (unique), partitioned by the filters.
 */
export const healthPlansDataset = defineDataset<HealthPlanRow>({
  id: FORM5500_PLANS_DATASET,
  title: 'Form 5500 employer health plans',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'form5500:1', mode: 'supplement' }],
  parserFor: onlyDoc('form5500:1', mainParser),
  schema: HealthPlanRowSchema,
  indexes: [
    { name: 'ein', keys: (r) => [r.ein] },
    { name: 'ack_id', unique: true, keys: (r) => [r.ack_id] },
  ],
  placer: async (deps, version) =>
    (require('../../rx/employer-place') as typeof import('../../rx/employer-place')).openEmployerPlacer(deps, version),
  listings: {
    plans: {
      description: 'Health plans by active participants, largest first.',
      ...byActive,
      partitionBy: ['state', 'cbsa', 'pbm_key', 'integration', 'health_funding_class'],
      filters: {
        state: 'eq',
        cbsa: 'eq',
        pbm_key: 'eq',
        integration: 'eq',
        health_funding_class: 'eq',
        active_participants: 'range',
      },
    },
  },
  rollups: {
    [EMPLOYER_ROLLUPS.metro]: {
      description: 'Plans, active participants and disclosed PBM fees per metro (CBSA).',
      groupBy: ['form_year', 'cbsa'],
      measures: MEASURES,
      listing: { ...byActive, filters: { cbsa: 'eq' } },
    },
    [EMPLOYER_ROLLUPS.integration]: {
      description: 'Plans, active participants and disclosed PBM fees per integration class.',
      groupBy: ['form_year', 'integration'],
      measures: MEASURES,
      listing: byActive,
    },
    [EMPLOYER_ROLLUPS.parent]: {
      description: 'Plans, active participants and disclosed PBM fees per integration class and parent.',
      groupBy: ['form_year', 'integration', 'integration_parent'],
      measures: MEASURES,
      listing: { ...byActive, filters: { integration: 'eq' } },
    },
    [EMPLOYER_ROLLUPS.pbm]: {
      description: 'Plans, active participants and disclosed compensation per normalized PBM.',
      groupBy: ['form_year', 'pbm_key', 'pbm_name', 'pbm_parent'],
      measures: MEASURES,
      listing: byActive,
    },
  },
  loadPriority: 3,
});
