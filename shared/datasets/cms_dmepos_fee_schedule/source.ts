import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import {
  fullYear,
  monthNumber,
  monthYearIn,
  NO_READING,
  quarterOf,
  quarterWindow,
  reading,
} from '../../sources/version-labels';
import { dmeposFeeParser } from './fee-schedule';
import { dmeposRuralZipParser } from './rural-zip';

/**
 * DMEPOS fee schedule quarterly release. Member names carry the month but not always the year
 * (`DMEPOS_JAN.csv`): the year is read from the enclosing zip (`dme25.zip`, `DME25-A.zip`) or from the
 * title lines inside the file ("January 2025 Fee Schedule"). The window is the calendar quarter.
 * Only the CSV renderings are documents; the TXT/XLSX copies of the same tables are archived as
 * files without a document, so a format variant never poses as a reissue.
 */
function yearFor(f: FileContext, month: number): number | null {
  const fromText = monthYearIn(f.head.toString('latin1'));
  if (fromText && fromText.month === month) return fromText.year;
  for (const p of [...f.parents].reverse()) {
    const m = /^dme(\d{2})/i.exec(p);
    if (m) return fullYear(m[1]!);
  }
  return fromText?.year ?? null;
}

export function readDmeposVersion(f: FileContext): VersionReading {
  const rural = /Quarter\s+([1-4]),\s*(\d{4})/i.exec(f.name);
  if (rural) {
    const q = Number(rural[1]);
    const y = Number(rural[2]);
    return reading('file_name', `Quarter ${q}, ${y}`, quarterWindow(y, q));
  }
  const mon = /(?:_|\s-\s|\s)(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\b(?:\s+(\d{4}))?/i.exec(f.name);
  if (!mon) return NO_READING;
  const month = monthNumber(mon[1]!)!;
  const year = mon[2] ? Number(mon[2]) : yearFor(f, month);
  if (!year) return reading('file_name', mon[1]!.toUpperCase());
  return reading(
    mon[2] ? 'file_name' : 'content',
    `${mon[1]!.toUpperCase()} ${year}`,
    quarterWindow(year, quarterOf(month)),
  );
}

/**
 * The DMEPOS and PEN fee schedules (dmepos:1, dmepos:2) and the rural ZIP file (dmepos:3) are read;
 * the former-CBA files (dmepos:4-6) are archived only.
 */
const feeSchedule = () => dmeposFeeParser;
const ruralZip = () => dmeposRuralZipParser;

export const cmsDmeposFeeSchedule: SourceDecl = {
  sourceId: 'cms_dmepos_fee_schedule',
  title: 'DMEPOS fee schedule',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule',
      kind: 'listing',
      note: 'Quarterly zips (DMEPOS, PEN, rural ZIP codes, former CBA files, readme PDFs).',
      // The page links one page per release (…/dmepos-fee-schedule/dme26-c, …/dme26), and each
      // release page links its zip (/files/zip/dme26-c.zip; older ones dme24b.zip). Twelve links
      // keep the latest releases if the page lists newest first; the rest are reported.
      via: /^dme\d{2}(?:-?[a-e])?$/i,
      follow: /^dme\d{2}(?:-?[a-e])?(?:[-_][a-z0-9-]+)?\.zip$/i,
      maxLinks: 12,
    },
  ],
  docs: [
    { docId: 'dmepos:1', title: 'DMEPOS fee schedule', match: /^DMEPOS_[A-Z]{3}.*\.csv$/i, parser: feeSchedule },
    {
      docId: 'dmepos:2',
      title: 'Parenteral and enteral nutrition (PEN) fee schedule',
      match: /^DMEPEN_[A-Z]{3}.*\.csv$/i,
      parser: feeSchedule,
    },
    { docId: 'dmepos:3', title: 'DMEPOS rural ZIP codes', match: /^DME Rural ZIP Code.*\.csv$/i, parser: ruralZip },
    { docId: 'dmepos:4', title: 'Former CBA fee schedule', match: /^Former CBA Fee Schedule File.*\.csv$/i },
    {
      docId: 'dmepos:5',
      title: 'Former CBA national mail-order diabetic testing supplies fee schedule',
      match: /^Former CBA National Mail-Order.*\.csv$/i,
    },
    { docId: 'dmepos:6', title: 'Former CBA ZIP codes', match: /^Former CBA ZIP Code File.*\.csv$/i },
  ],
  samples: 'shared/datasets/cms_dmepos_fee_schedule/fixtures/manifest.json',
  versionMethod: 'file_name',
  releaseMonths: [1, 4, 7, 10],
  readVersion: readDmeposVersion,
};
