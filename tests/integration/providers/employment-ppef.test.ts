import { providersGroup } from '../../../functions/providers/routes';
import { buildApp } from '../../../shared/app/build';
import type { Clock, Deps } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';
import { countingTable as counting } from '../../helpers/counting-table';

/**
 * Issue 21 point 2: `employer_npi` of the employment signals from the Public Provider Enrollment
 * base file (source cms_ppef, January 2025 fixture), by the group's enrollment ID first, then its
 * PAC ID; a PAC ID with several NPIs is not guessed. The DAC files, the reassignment list and NPPES
 * are archived and loaded as in dac.test.ts (which covers cms_ppef not loaded).
 */
const TODAY = '2025-05-01';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };
const SOURCES = ['cms_dac', 'cms_pecos_reassignment', 'nppes', 'cms_ppef'];

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('employment: employer NPIs from the PPEF base file', () => {
  const world = catalogWorld(SOURCES, clock, 180_000);
  const get = world.get;

  it('resolves by enrollment ID, then by PAC ID, and lists the candidates of an ambiguous PAC ID', async () => {
    const { status, body } = await get('/provider/1203847565/employment?as_of=2025-03-01');
    expect(status).toBe(200);
    const groups = body.attribution_signals.filter((s: Json) => s.derivation !== 'facility_affiliation');
    expect(groups.map((s: Json) => [s.derivation, s.employer_pac_id, s.employer_npi, s.employer_npi_via])).toEqual([
      ['reassignment', '7719001122', '1588600019', 'enrollment_id'],
      // The enrollment ID names one NPI although its PAC ID has two.
      ['reassignment', '8830002233', '1932200029', 'enrollment_id'],
      ['group_practice', '7719001122', '1588600019', 'pac_id'],
      ['group_practice', '8830002233', null, null],
    ]);
    const [buckeye, , buckeyeGroup, ohio] = groups;
    expect(buckeye.employer_npi_source).toMatchObject({
      source_id: 'cms_ppef',
      doc_id: 'ppef:1',
      publisher_version: '2025-01',
      locator: { line: 3, record: 2 },
    });
    expect(buckeye.employer_npi_basis).toMatch(
      /^ENRLMT_ID O20090101000222 of cms_ppef 2025-01 \(version \d+\) line 3, record 2 gives NPI 1588600019\.$/,
    );
    expect(buckeyeGroup.employer_npi_basis).toMatch(/^PECOS_ASCT_CNTL_ID 7719001122 of cms_ppef 2025-01 .* line 3/);
    expect(buckeye.employer_npi_candidates).toEqual([]);
    expect(ohio.employer_npi_basis).toMatch(
      /^ambiguous: PECOS_ASCT_CNTL_ID 8830002233 maps to 2 NPIs \(1932200029, 1447700034\) in cms_ppef 2025-01.*MULTIPLE_NPI_FLAG = Y; not guessed/,
    );
    expect(ohio.employer_npi_source).toBeNull();
    expect(
      ohio.employer_npi_candidates.map((c: Json) => [
        c.npi,
        c.enrollment_id,
        c.state,
        c.multiple_npi_flag,
        c.source.locator.line,
      ]),
    ).toEqual([
      ['1932200029', 'O20110505000333', 'OH', true, 4],
      ['1447700034', 'O20150303000999', 'KY', true, 5],
    ]);
    // A facility is named by CCN: never looked up.
    const facility = body.attribution_signals.find((s: Json) => s.derivation === 'facility_affiliation');
    expect(facility).toMatchObject({ employer_npi: null, employer_npi_via: null, employer_npi_candidates: [] });
    expect(facility.employer_npi_basis).toMatch(/^not_published: .*CCN/);
    expect(body.sources.map((s: Json) => s.source_id)).toContain('cms_ppef');
    expect(body.gaps.filter((g: Json) => g.source_id === 'cms_ppef')).toEqual([]);
  });

  it('gives the April group practice its NPI by PAC ID (FENWICK, NORTH SHORE CARDIOLOGY LLC)', async () => {
    const { body } = await get('/provider/1694038252/employment?as_of=2025-04-01');
    expect(
      body.attribution_signals.map((s: Json) => [s.derivation, s.employer_name, s.employer_npi, s.employer_npi_via]),
    ).toEqual(
      expect.arrayContaining([
        ['reassignment', 'BAY STATE HEART ASSOCIATES, PC', '1679900047', 'enrollment_id'],
        ['group_practice', 'NORTH SHORE CARDIOLOGY LLC', '1780000059', 'pac_id'],
      ]),
    );
  });

  it('spends one batched get for every signal key: four reads for the employment answer', async () => {
    const c = counting(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const app = buildApp([providersGroup], deps);
    const before = c.reads();
    const r = await app.request('/provider/1203847565/employment?as_of=2025-03-01', { headers: world.key.headers });
    expect(r.status).toBe(200);
    expect(((await r.json()) as Json).attribution_signals[0].employer_npi).toBe('1588600019');
    // Heads (registry, links, enrollments in one batch), the registry entry, the links query, the PPEF get.
    expect(c.reads() - before).toBe(4);
  });

  it('fills the dossier block with the same employer NPIs as /provider/{npi}/employment, and says so', async () => {
    for (const [npi, date] of [
      ['1203847565', '2025-03-01'],
      ['1694038252', '2025-03-31'],
    ] as const) {
      const { body } = await get(`/provider/${npi}?as_of=${date}`);
      const employment = (await get(`/provider/${npi}/employment?as_of=${date}`)).body;
      const signals = body.employment_intelligence.data.attribution_signals;
      expect(signals).toEqual(employment.attribution_signals);
      expect(signals.some((s: Json) => s.employer_npi !== null || s.employer_npi_candidates.length > 0)).toBe(true);
      expect(body.employment_intelligence.sources.map((s: Json) => s.source_id)).toContain('cms_ppef');
    }
    expect((await get('/provider/1203847565?as_of=2025-03-01')).body.methodology_note).toMatch(/cms_ppef/);
  });
});
