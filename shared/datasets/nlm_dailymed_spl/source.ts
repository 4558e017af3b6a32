import { lazyParser } from '../../publishers/common/lazy';
import type { LabelRow, PharmClassRow } from '../../rx/label-rows';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { fromMdy, NO_READING } from '../../sources/version-labels';
import { LABEL_PARSER_HEAD, PHARM_CLASS_PARSER_HEAD } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const labelParser = lazyParser<LabelRow>(LABEL_PARSER_HEAD, () => load().labelParser);
export const pharmClassParser = lazyParser<PharmClassRow>(PHARM_CLASS_PARSER_HEAD, () => load().pharmClassParser);

export const DAILYMED_DOCS = {
  /** Full release parts and daily/weekly/monthly updates of human prescription labels. */
  labels: 'dailymed:1',
  /** The pharmacologic class indexing SPLs. */
  pharmClasses: 'dailymed:2',
} as const;

/** Full release parts (`dm_spl_release_human_rx_part3.zip`) and the update zips of human Rx labels. */
export const LABEL_BUNDLE =
  /^dm_spl_(release_human_rx(_part\d+)?|daily_update_\d{8}|weekly_update_\d{8}_\d{8}|monthly_update_[a-z]{3}_\d{4})\.zip$/i;
export const CLASS_BUNDLE = /^pharmacologic_class_indexing_spl_files\.zip$/i;

/**
 * An update zip's date from its name (`dm_spl_daily_update_06102025.zip`: MMDDYYYY, the day its
 * labels were published; a weekly update's last day): its labels are in force from then. A full
 * release part names no date: in force from the day it was archived.
 */
export function readBundleVersion(f: FileContext): VersionReading {
  const daily = /^dm_spl_daily_update_(\d{2})(\d{2})(\d{4})\.zip$/i.exec(f.name);
  const weekly = /^dm_spl_weekly_update_\d{8}_(\d{2})(\d{2})(\d{4})\.zip$/i.exec(f.name);
  const m = daily ?? weekly;
  const from = m ? fromMdy(`${m[1]}-${m[2]}-${m[3]}`) : null;
  if (!from) return NO_READING;
  return {
    publisherVersion: f.name.replace(/\.zip$/i, ''),
    effectiveFrom: from,
    effectiveTo: null,
    method: 'file_name',
  };
}

/**
 * NLM DailyMed Structured Product Labeling (SPL). DailyMed publishes every label as an SPL XML
 * document (HL7 SPL, FDA "SPL Implementation Guide"); its downloads page ("SPL Resources: Download
 * All Drug Labels") offers the human prescription labels as a full release in parts, refreshed
 * monthly, and daily, weekly and monthly update zips; each is a zip of per-label zips
 * (`<YYYYMMDD>_<setid>.zip`, holding `<document id>.xml` and the label's images). The indexing files
 * page offers FDA's pharmacologic class indexing SPLs as one zip of per-substance zips.
 */
export const source: SourceDecl = {
  sourceId: 'nlm_dailymed_spl',
  title: 'NLM DailyMed SPL (human prescription labels and pharmacologic class indexing)',
  publisher: 'U.S. National Library of Medicine (NLM), DailyMed; labels submitted to FDA',
  license: {
    name: 'US Government work (public domain); label content as submitted by labelers',
    url: 'https://dailymed.nlm.nih.gov/dailymed/about-dailymed.cfm',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'daily' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://dailymed.nlm.nih.gov/dailymed/spl-resources-all-drug-labels.cfm',
      kind: 'listing',
      note: 'Full release parts (dm_spl_release_human_rx_partN.zip, monthly) and the daily/weekly/monthly update zips, on dailymed-data.nlm.nih.gov.',
      follow: LABEL_BUNDLE,
      followHosts: ['dailymed-data.nlm.nih.gov'],
      maxLinks: 12,
    },
    {
      url: 'https://dailymed.nlm.nih.gov/dailymed/spl-resources-all-indexing-files.cfm',
      kind: 'listing',
      note: 'Pharmacologic class indexing SPLs (pharmacologic_class_indexing_spl_files.zip).',
      follow: CLASS_BUNDLE,
      followHosts: ['dailymed-data.nlm.nih.gov'],
    },
  ],
  docs: [
    {
      docId: DAILYMED_DOCS.labels,
      title: 'Human prescription label SPL bundles (full release parts and updates)',
      match: LABEL_BUNDLE,
      readVersion: readBundleVersion,
      parser: () => labelParser,
    },
    {
      docId: DAILYMED_DOCS.pharmClasses,
      title: 'Pharmacologic class indexing SPLs (pharmacologic_class_indexing_spl_files.zip)',
      match: CLASS_BUNDLE,
      parser: () => pharmClassParser,
    },
  ],
  samples: 'shared/datasets/nlm_dailymed_spl/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: () => NO_READING,
};
