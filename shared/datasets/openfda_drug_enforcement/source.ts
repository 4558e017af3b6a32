import { lazyParser } from '../../publishers/common/lazy';
import type { RecallRow } from '../../rx/recall-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { ENFORCEMENT_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const enforcementParser = lazyParser<RecallRow>(
  ENFORCEMENT_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).enforcementParser,
);

/**
 * openFDA drug enforcement reports (FDA's Recall Enterprise System, harmonized by openFDA): the
 * bulk download, one zip holding one JSON document `{meta, results}` with every drug enforcement
 * report since 2004 (field reference: open.fda.gov/apis/drug/enforcement/searchable-fields).
 * openFDA rebuilds it weekly; `meta.last_updated` is a date but the file name names no release, so
 * a version is in force from the day it was first archived until the next.
 */
export const source: SourceDecl = {
  sourceId: 'openfda_drug_enforcement',
  title: 'openFDA drug recall enforcement reports',
  publisher: 'U.S. Food and Drug Administration (FDA), openFDA',
  license: { name: 'CC0 1.0 / US Government work (public domain)', url: 'https://open.fda.gov/license/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://download.open.fda.gov/drug/enforcement/drug-enforcement-0001-of-0001.json.zip',
      kind: 'file',
      note: 'The whole drug enforcement dataset: one JSON member, {meta, results}; listed by https://api.fda.gov/download.json.',
    },
  ],
  docs: [
    {
      docId: 'enforcement:1',
      title: 'Drug enforcement reports (drug-enforcement-*.json)',
      match: /^drug-enforcement-\d{4}-of-\d{4}\.json$/i,
      parser: () => enforcementParser,
    },
  ],
  samples: 'shared/datasets/openfda_drug_enforcement/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
