import { z } from '@hono/zod-openapi';
import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { readWholeListing } from '../catalog/query';
import { viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { cursorBinding, readCursor, writeCursor } from '../http/cursor';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import {
  COMPENDIUM_HOSPITALS,
  COMPENDIUM_SYSTEMS,
  type HealthSystemRow,
  type HospitalLinkRow,
} from '../systems/system-rows';
import { PROVIDER_LINKS } from './links-rows';
import { scoresFrom } from './quality';
import { MIPS_DATASET } from './quality-rows';
import type { MipsScore } from './quality-schemas';
import { AFFILIATION_ROWS_CAP, type SystemAffiliates, systemAffiliates } from './system-affiliates';
import { figuresOf, type Scored } from './system-quality-figures';
import type { SystemQuality } from './system-quality-schemas';

const DAC_DOC = 'dac:2';

export const SYSTEM_QUALITY_METHODOLOGY = [
  "A join made per request, by identifier only: the system's hospitals are the AHRQ Compendium hospital linkage rows in force with its system id (`ahrq_compendium`); each hospital's clinicians are the Doctors and Clinicians facility-affiliation rows of type hospital with its CCN (`cms_dac`, document dac:2); each clinician's scores are its MIPS rows by NPI (`cms_qpp_mips`). A hospital without a CCN in the Compendium links no clinician.",
  "A clinician affiliated with several of the system's hospitals is counted once in the system's figures and once in each hospital's. Its score is the highest final score among its MIPS rows of `performance_year` (the newest performance year of the MIPS files in force; several practices may score one NPI); a clinician with no such row is listed unscored, last. MIPS scores are often group scores shared by a whole practice, and a facility affiliation is a CMS-reported link (the clinician bills at that hospital), not employment: the figures describe the clinicians who work at the system's hospitals, not the system's own quality programme.",
  `Bounded: at most ${AFFILIATION_ROWS_CAP} facility-affiliation rows are read per request; a larger system is answered for its first hospitals in Compendium hospital-id order, the others marked \`not_read_cap\` and \`cap.truncated\` true (never a silent cut). Each page recomputes the rollup.`,
].join(' ');

const CursorState = z.object({ o: z.number().int().min(0) });

/**
 * GET /quality/systems/{system_id}: the MIPS quality of the clinicians of a Compendium system's
 * hospitals. `cap` is AFFILIATION_ROWS_CAP but in tests of the cut.
 */
export async function systemQuality(
  deps: Deps,
  id: string,
  date: string,
  q: { limit: number; cursor?: string },
  cap = AFFILIATION_ROWS_CAP,
): Promise<SystemQuality> {
  const binding = cursorBinding('quality-system', id, date);
  const offset = q.cursor ? readCursor(q.cursor, binding, CursorState).o : 0;
  const [systems, hospitals, links, mips] = await viewsOf(deps, [
    { dataset: requireDataset(COMPENDIUM_SYSTEMS), date },
    { dataset: requireDataset(COMPENDIUM_HOSPITALS), date },
    { dataset: requireDataset(PROVIDER_LINKS), date, sourceIds: ['cms_dac'] },
    { dataset: requireDataset(MIPS_DATASET), date },
  ]);
  if (!systems!.versions.length || !hospitals!.versions.length)
    throw new SourceNotLoadedError(
      `No AHRQ Compendium system and hospital linkage files (ahrq_compendium) are loaded and in force on ${date}.`,
      { sources: ['ahrq_compendium'], gaps: [...systems!.gaps, ...hospitals!.gaps] },
    );
  const [found, members] = await Promise.all([
    lookupMany(deps, systems!.dataset, 'system', [id], systems!.versions),
    readWholeListing(deps, hospitals!.dataset, 'by_system', { versions: hospitals!, filters: { health_sys_id: id } }),
  ]);
  const stored = found.get(id)?.at(-1);
  const systemVersion = stored ? systems!.version(stored.version_id) : undefined;
  if (!stored || !systemVersion)
    throw new NotFoundError(`No health system ${id} in the AHRQ Compendium in force on ${date}.`, { id });
  const system = stored.value as unknown as HealthSystemRow;

  const hosp = members.map((m) => {
    const h = m.value as unknown as HospitalLinkRow;
    return { row: h, source: { ...m.source, locator: m.source.locator ?? h.locator } as RowSource };
  });
  const ccns = [...new Set(hosp.flatMap((h) => (h.row.ccn ? [h.row.ccn] : [])))];
  const dacVersions = links!.versions.filter((v) => v.doc_id === DAC_DOC);
  const aff: SystemAffiliates | null = dacVersions.length
    ? await systemAffiliates(deps, links!.dataset, dacVersions, ccns, cap)
    : null;

  // MIPS rows of every affiliated NPI: batched gets, 100 (NPI, version) keys a call.
  const year = mips!.versions.reduce<string | null>(
    (y, v) => (v.publisher_version && (y === null || v.publisher_version > y) ? v.publisher_version : y),
    null,
  );
  const rows =
    aff && mips!.versions.length
      ? await lookupMany(deps, mips!.dataset, 'npi', aff.clinicians.keys(), mips!.versions)
      : null;
  const scored: Scored[] = aff
    ? [...aff.clinicians.values()].map((a) => {
        const scores: MipsScore[] = rows ? scoresFrom(mips!, rows.get(a.npi) ?? []) : [];
        let best: MipsScore | null = null;
        for (const s of scores)
          if (s.performance_year === year && s.final_score !== null && (!best || s.final_score > best.final_score!))
            best = s;
        return { affiliate: a, scores, best };
      })
    : [];
  const figures = figuresOf(hosp, aff, rows !== null, scored, cap);

  const page = figures.ranked.slice(offset, offset + q.limit);
  const more = offset + q.limit < figures.ranked.length;
  const hospitalVersions = new Set(hosp.map((h) => h.source.version_id));
  return {
    system_id: system.health_sys_id,
    system_name: system.health_sys_name,
    system_source: rowSourceOf(systemVersion, system.locator),
    performance_year: rows ? year : null,
    ...figures.body,
    items: page,
    total: aff ? figures.ranked.length : null,
    limit: q.limit,
    next_cursor: more ? writeCursor(binding, { o: offset + q.limit }) : null,
    sources: [
      ...systems!.sourceVersions([systemVersion]),
      ...hospitals!.sourceVersions(hospitals!.versions.filter((v) => hospitalVersions.has(v.version_id))),
      ...(aff ? links!.sourceVersions(dacVersions) : []),
      ...(rows ? mips!.sourceVersions() : []),
    ],
    gaps: [
      ...systems!.gaps,
      ...hospitals!.gaps,
      ...links!.gaps.filter((g) => g.doc_id === null || g.doc_id === DAC_DOC),
      ...mips!.gaps,
    ],
    as_of: date,
    methodology_note: SYSTEM_QUALITY_METHODOLOGY,
  };
}
