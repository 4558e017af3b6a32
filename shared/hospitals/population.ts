import type { Deps } from '../deps';
import { NotFoundError } from '../http/errors';
import { type ProfileViews, profileViews, provenance, requireInForce, rowsOf } from './profile-read';
import type { PepRow } from './profile-rows';
import { type CbsaPopulation, POPULATION_METHODOLOGY } from './profile-schemas';

/**
 * A CBSA's (or metropolitan division's) population history on the date: every year any vintage in
 * force estimates, each from the latest vintage that estimates it (a later vintage revises the
 * years of its decade), with the figures it revised. One batch read of the heads, one batched get.
 */
export async function cbsaPopulation(deps: Deps, cbsaCode: string, date: string): Promise<CbsaPopulation> {
  const { pep } = (await profileViews(deps, date, ['pep'])) as ProfileViews;
  requireInForce(pep, date);
  const rows = (await rowsOf<PepRow>(deps, pep, 'cbsa', cbsaCode)).sort(
    (a, b) => a.row.vintage - b.row.vintage || a.rank - b.rank,
  );
  const latest = rows.at(-1);
  if (!latest) {
    const vintages = pep
      .sourceVersions()
      .map((s) => s.publisher_version)
      .join(', ');
    throw new NotFoundError(
      `${cbsaCode} is not a CBSA or metropolitan division of the Census estimates in force on ${date} (${vintages}).`,
      { cbsa_code: cbsaCode },
    );
  }
  // Per year, every vintage's figure in vintage order: the last answers, the earlier ones it revised.
  const byYear = new Map<number, { f: (typeof rows)[number]; population: number }[]>();
  for (const f of rows) {
    for (const e of f.row.estimates)
      byYear.set(e.year, [...(byYear.get(e.year) ?? []), { f, population: e.population }]);
  }
  const items = [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, all]) => {
      const answer = all.at(-1)!;
      return {
        year,
        population: answer.population,
        vintage: answer.f.row.vintage,
        superseded: all
          .slice(0, -1)
          .filter((x) => x.f.row.vintage !== answer.f.row.vintage)
          .map((x) => ({ vintage: x.f.row.vintage, population: x.population })),
        source: answer.f.source,
      };
    });
  const base = [...rows].reverse().find((f) => f.row.estimates_base);
  return {
    cbsa_code: cbsaCode,
    parent_cbsa_code: latest.row.parent_cbsa_code,
    name: latest.row.name,
    lsad: latest.row.lsad,
    items,
    estimates_base: base?.row.estimates_base ? { ...base.row.estimates_base, vintage: base.row.vintage } : null,
    ...provenance([pep], date, POPULATION_METHODOLOGY),
  };
}
