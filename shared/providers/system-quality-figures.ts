import type { RowSource } from '../catalog/provenance';
import type { HospitalLinkRow } from '../systems/system-rows';
import type { MipsScore } from './quality-schemas';
import type { Affiliate, SystemAffiliates } from './system-affiliates';
import { AFFILIATION_ROWS_CAP } from './system-affiliates';
import type { SystemClinician, SystemQuality } from './system-quality-schemas';
import { byScoreThenNpi, distribution, ranked, summarize } from './system-quality-stats';

/** An affiliated clinician with its MIPS rows in force and the row its score is taken from. */
export interface Scored {
  affiliate: Affiliate;
  scores: MipsScore[];
  best: MipsScore | null;
}

type Body = Pick<
  SystemQuality,
  'hospital_counts' | 'clinician_counts' | 'summary' | 'distribution' | 'by_specialty' | 'by_hospital' | 'cap'
>;

const finals = (list: readonly Scored[]) => list.flatMap((s) => (s.best ? [s.best.final_score!] : []));

/**
 * The rollup's figures from the reads: counts (null where a source was not read), summary, bands,
 * per-specialty and per-hospital breakdowns, and every clinician ranked. `mipsRead` is false when
 * no MIPS file is in force (scores unknown, not absent).
 */
export function figuresOf(
  hospitals: readonly { row: HospitalLinkRow; source: RowSource }[],
  aff: SystemAffiliates | null,
  mipsRead: boolean,
  scored: readonly Scored[],
  cap = AFFILIATION_ROWS_CAP,
): { body: Body; ranked: SystemClinician[] } {
  const known = aff !== null && mipsRead;
  const values = finals(scored);
  const bySpecialty = new Map<string | null, number[]>();
  for (const s of scored)
    if (s.best) bySpecialty.set(s.best.specialty, [...(bySpecialty.get(s.best.specialty) ?? []), s.best.final_score!]);
  const by_specialty = [...bySpecialty]
    .map(([specialty, v]) => ({ specialty, summary: summarize(v) }))
    .sort(
      (a, b) =>
        b.summary.count - a.summary.count ||
        (a.specialty === null ? 1 : b.specialty === null ? -1 : a.specialty.localeCompare(b.specialty)),
    );
  const by_hospital = hospitals.map(({ row, source }) => {
    const status = !row.ccn
      ? ('no_ccn' as const)
      : !aff
        ? ('dac_not_loaded' as const)
        : aff.read.has(row.ccn)
          ? ('read' as const)
          : ('not_read_cap' as const);
    const here = status === 'read' ? scored.filter((s) => s.affiliate.hospitals.has(row.ccn!)) : null;
    return {
      compendium_hospital_id: row.compendium_hospital_id,
      ccn: row.ccn,
      name: row.hospital_name,
      status,
      affiliated: here ? here.length : status === 'no_ccn' ? 0 : null,
      scored: here && mipsRead ? finals(here).length : status === 'no_ccn' ? 0 : null,
      summary: here && mipsRead ? summarize(finals(here)) : null,
      source,
    };
  });
  const withCcn = hospitals.filter((h) => h.row.ccn).length;
  const clinicians = scored
    .map(
      (s): Omit<SystemClinician, 'rank' | 'tie_rank'> => ({
        npi: s.affiliate.npi,
        last_name: s.affiliate.last_name,
        first_name: s.affiliate.first_name,
        final_score: s.best?.final_score ?? null,
        score: s.best,
        mips_rows: s.scores.length,
        hospitals: [...s.affiliate.hospitals].map(([ccn, src]) => ({ ccn, source: src })),
      }),
    )
    .sort(byScoreThenNpi);
  return {
    body: {
      hospital_counts: {
        linked: hospitals.length,
        with_ccn: withCcn,
        read: aff ? aff.read.size : null,
        not_read_cap: aff ? aff.notRead.size : 0,
      },
      clinician_counts: {
        affiliated: aff ? aff.clinicians.size : null,
        with_mips_row: known ? scored.filter((s) => s.scores.length).length : null,
        scored: known ? values.length : null,
      },
      summary: known ? summarize(values) : null,
      distribution: known ? distribution(values) : [],
      by_specialty,
      by_hospital,
      cap: {
        affiliation_rows: cap,
        rows_read: aff?.rowsRead ?? 0,
        truncated: (aff?.notRead.size ?? 0) > 0,
      },
    },
    ranked: ranked(clinicians),
  };
}
