import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { fromYmdCompact, NO_READING, reading } from '../../sources/version-labels';
import { nppesParser } from './npidata';

/**
 * NPPES downloadable file (the provider registry). The monthly full replacement file is
 * `npidata_pfile_20050523-YYYYMMDD.csv` (its range starts on the first NPI enumeration day); the
 * weekly incremental files are `npidata_pfile_YYYYMMDD-YYYYMMDD.csv` for the week they cover. The
 * label is the date range and the data is current as of its last day, so that day opens an
 * open-ended window (a later file of the same document supersedes it). The `_fileheader.csv`
 * companions and the othername/pl/endpoint files are archived without a document.
 */
const NPIDATA = /^npidata_pfile_(\d{8})-(\d{8})\.csv$/i;

export function readNppesVersion(f: FileContext): VersionReading {
  const m = NPIDATA.exec(f.name);
  if (!m) return NO_READING;
  const from = fromYmdCompact(m[1]!);
  const to = fromYmdCompact(m[2]!);
  if (!from || !to || to < from) return NO_READING;
  return reading('file_name', `${m[1]}-${m[2]}`, { from: to, to: null });
}

export const nppes: SourceDecl = {
  sourceId: 'nppes',
  title: 'NPPES National Provider Identifier registry (NPI downloadable file)',
  publisher: 'Centers for Medicare & Medicaid Services (NPPES)',
  license: { name: 'US Government work (public domain)', url: 'https://download.cms.gov/nppes/NPI_Files.html' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    {
      url: 'https://download.cms.gov/nppes/NPI_Files.html',
      kind: 'listing',
      note: 'Links the monthly full replacement zip and the weekly incremental zips.',
      // NPPES_Data_Dissemination_<Month>_<YYYY>_V2.zip (monthly, ~1 GB) and
      // NPPES_Data_Dissemination_<MMDDYY>_<MMDDYY>_Weekly_V2.zip; the V1 names are no longer fed.
      follow: /^NPPES_Data_Dissemination_(?:[A-Za-z]+_\d{4}|\d{6}_\d{6}_Weekly)_V2\.zip$/i,
    },
  ],
  samples: 'shared/datasets/nppes/fixtures/manifest.json',
  docs: [
    {
      docId: 'nppes:1',
      title: 'NPPES monthly full replacement file (npidata_pfile)',
      match: /^npidata_pfile_20050523-\d{8}\.csv$/i,
      parser: () => nppesParser,
    },
    {
      docId: 'nppes:2',
      title: 'NPPES weekly incremental file (npidata_pfile)',
      match: /^npidata_pfile_(?!20050523)\d{8}-\d{8}\.csv$/i,
      parser: () => nppesParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readNppesVersion,
};
