/**
 * AHRQ's file names per release (https://www.ahrq.gov/chsp/data-resources/compendium-<year>.html):
 *
 * | year | system file | hospital linkage file |
 * |---|---|---|
 * | 2016 | `chsp-compendium-2019update.csv` (the 2016 list as updated in 2019; first `chsp-compendium-2016.csv`) | `compendium_system_hospital_linkage_file.csv` |
 * | 2018 | `chsp-compendium-2018-updated-2021.csv` (first `chsp-compendium-2018.csv`) | `chsp-hospital-linkage-2018.csv` |
 * | 2020, 2021, 2022 | `chsp-compendium-<year>-rev.csv` (first without `-rev`) | `chsp-hospital-linkage-<year>-rev.csv` |
 * | 2023 | `chsp-compendium-2023.csv`, revised September 2025 as `chsp-compendium-2023-rev.csv` | `chsp-hospital-linkage-2023.csv` |
 *
 * The year in the name is the compendium's year (the systems as they were that year), except in
 * `2019update`, which is the 2016 list. `-rev` and `-updated-<year>` mark a reissue of the same year.
 */
export const SYSTEM_FILE = /^(?:chsp-compendium-(\d{4})(-rev|-updated-\d{4})?|chsp-compendium-2019(update))\.csv$/i;
export const LINKAGE_FILE =
  /^(?:chsp-hospital-linkage-(\d{4})(-rev|-updated-\d{4})?|compendium_system_hospital_(linkage)_file)\.csv$/i;

export interface Release {
  year: number;
  /** `2022`, `2022 rev`, `2018 updated 2021`, `2016 updated 2019`. */
  label: string;
}

/** The release a Compendium file name states, or null when the name is not one of AHRQ's. */
export function releaseOf(name: string): Release | null {
  const sys = SYSTEM_FILE.exec(name);
  if (sys) {
    if (sys[3]) return { year: 2016, label: '2016 updated 2019' };
    return labelled(Number(sys[1]), sys[2]);
  }
  const link = LINKAGE_FILE.exec(name);
  if (link) {
    if (link[3]) return { year: 2016, label: '2016' };
    return labelled(Number(link[1]), link[2]);
  }
  return null;
}

function labelled(year: number, suffix: string | undefined): Release {
  if (!suffix) return { year, label: String(year) };
  if (/^-rev$/i.test(suffix)) return { year, label: `${year} rev` };
  return { year, label: `${year} updated ${suffix.replace(/^-updated-/i, '')}` };
}
