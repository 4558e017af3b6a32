import type { CatalogDataset } from '../catalog/dataset';
import type { RowSource } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import type { Deps } from '../deps';
import { MAX_LIMIT } from '../http/paging';
import type { ProviderLinkRow } from './links-rows';

/**
 * Facility-affiliation rows read per /quality/systems request at most (the sum over the hospitals
 * counted). A DAC hospital has a few hundred affiliated clinicians on average and an academic
 * centre a few thousand, so the cap covers most systems whole; a larger system is answered for its
 * first hospitals (Compendium hospital-id order) and says so (`cap.truncated`, `not_read_cap`).
 * It also bounds the MIPS reads: at most this many NPIs, one batched get per 100 (NPI, version) keys.
 */
export const AFFILIATION_ROWS_CAP = 5000;
/** Hospitals whose affiliations are read at once (one query per 1,000 rows each). */
const WAVE = 8;

/** An affiliated clinician of the system: its name as the file spells it and its hospitals. */
export interface Affiliate {
  npi: string;
  last_name: string | null;
  first_name: string | null;
  hospitals: Map<string, RowSource>;
}

export interface SystemAffiliates {
  /** Distinct NPIs of the hospitals read, by NPI. */
  clinicians: Map<string, Affiliate>;
  /** CCNs whose affiliations were read whole and counted. */
  read: Set<string>;
  /** CCNs left out: the cap was reached before them. */
  notRead: Set<string>;
  rowsRead: number;
}

/** Up to `max + 1` rows of the CCN's partition (so more than `max` shows), page by page. */
async function affiliatesOf(
  deps: Deps,
  dataset: CatalogDataset,
  versions: readonly CatalogVersion[],
  ccn: string,
  max: number,
): Promise<{ rows: ProviderLinkRow[]; sources: RowSource[]; complete: boolean }> {
  const rows: ProviderLinkRow[] = [];
  const sources: RowSource[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryListing(deps, dataset, 'hospital_affiliates', {
      versions,
      filters: { hospital_ccn: { eq: ccn } },
      limit: Math.max(1, Math.min(MAX_LIMIT, max + 1 - rows.length)),
      cursor,
    });
    for (const it of page.items) {
      rows.push(it.value as unknown as ProviderLinkRow);
      sources.push({ ...it.source, locator: it.source.locator! });
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor && rows.length <= max);
  return { rows, sources, complete: !cursor && rows.length <= max };
}

/**
 * The clinicians affiliated with the CCNs (in the order given), each counted once. Hospitals are
 * read in waves of WAVE; a hospital is counted whole or not at all: the first one whose rows would
 * pass `cap` (AFFILIATION_ROWS_CAP), and every one after it, is left out (`notRead`). A wave may read up to
 * WAVE times the rows left before the cut is made, never more.
 */
export async function systemAffiliates(
  deps: Deps,
  dataset: CatalogDataset,
  versions: readonly CatalogVersion[],
  ccns: readonly string[],
  cap = AFFILIATION_ROWS_CAP,
): Promise<SystemAffiliates> {
  const out: SystemAffiliates = { clinicians: new Map(), read: new Set(), notRead: new Set(), rowsRead: 0 };
  let cut = false;
  for (let i = 0; i < ccns.length; i += WAVE) {
    const wave = ccns.slice(i, i + WAVE);
    if (cut) {
      for (const c of wave) out.notRead.add(c);
      continue;
    }
    const left = cap - out.rowsRead;
    const got = await Promise.all(wave.map((c) => affiliatesOf(deps, dataset, versions, c, left)));
    wave.forEach((ccn, j) => {
      const g = got[j]!;
      if (cut || !g.complete || out.rowsRead + g.rows.length > cap) {
        cut = true;
        out.notRead.add(ccn);
        return;
      }
      out.rowsRead += g.rows.length;
      out.read.add(ccn);
      g.rows.forEach((row, k) => {
        const a = out.clinicians.get(row.npi) ?? {
          npi: row.npi,
          last_name: row.facility?.last_name ?? null,
          first_name: row.facility?.first_name ?? null,
          hospitals: new Map<string, RowSource>(),
        };
        if (!a.hospitals.has(ccn)) a.hospitals.set(ccn, g.sources[k]!);
        out.clinicians.set(row.npi, a);
      });
    });
  }
  return out;
}
