import type { FileContext, VersionReading } from './types';
import { fullYear, NO_READING, reading } from './version-labels';

/**
 * CMS names each Spending by Drug release `DSD_<PTD|PTB|MCD>_RY<yy>_P<nn>_V<nn>_DY<yy>_<BGM|HCPCS…>.csv`
 * (`RY`: the release year, `DY` or `DYT`: the last data year), e.g. `DSD_PTD_RY24_P04_V10_DY22_BGM.csv`.
 * The release is the version label (`RY2024 (DY2022)`). A renamed copy is read from its header: the
 * last `Tot_Spndng_<yyyy>` column gives the data year (`DY2022`). Releases state no effective date:
 * a release is in force from the day the archive first saw it until the next.
 */
const NAMED = /^DSD_([A-Z]{3})_RY(\d{2})_.*?_DYT?(\d{2})(?:_|\.|-)/i;

export function readSpendingVersion(f: FileContext): VersionReading {
  const m = NAMED.exec(f.name);
  if (m) return reading('file_name', `RY${fullYear(m[2]!)} (DY${fullYear(m[3]!)})`);
  const header = f.head.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const years = [...header.matchAll(/\bTot_Spndng_(\d{4})\b/gi)].map((x) => Number(x[1]));
  return years.length ? reading('content', `DY${Math.max(...years)}`) : NO_READING;
}
