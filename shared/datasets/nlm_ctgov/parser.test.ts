import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import type { TrialStudyRow } from '../../trials/study-rows';
import { studyTokens } from '../../trials/tokens';
import { ctgovSetParser, ctgovStudyParser } from './parser';

const FIX = path.join(__dirname, 'fixtures');
/** The archive by sha256, from a fixture folder's files. */
function archiveOf(folder: string, override: Record<string, Buffer> = {}) {
  const bySha = new Map<string, Buffer>();
  for (const f of fs.readdirSync(path.join(FIX, folder))) {
    const b = fs.readFileSync(path.join(FIX, folder, f));
    bySha.set(createHash('sha256').update(b).digest('hex'), override[f] ?? b);
  }
  return async (sha: string) => Readable.from([bySha.get(sha)!]);
}
async function parseSet(folder: string, override: Record<string, Buffer> = {}): Promise<TrialStudyRow[]> {
  const out: TrialStudyRow[] = [];
  const manifest = fs.readFileSync(path.join(FIX, folder, 'ctgov-studies-pages.json'));
  for await (const r of ctgovSetParser.parse(manifest, { openFile: archiveOf(folder, override) })) out.push(r);
  return out;
}

describe('ClinicalTrials.gov API v2 parsers (fixtures)', () => {
  it('reads every study of a set from its manifest, page after page, with page and offset', async () => {
    const rows = await parseSet('2024-05-01');
    expect(rows.map((r) => [r.nct_id, r.overall_status, r.locator])).toEqual([
      ['NCT09000001', 'RECRUITING', { line: 1, record: 1 }],
      ['NCT09000002', 'COMPLETED', { line: 1, record: 2 }],
      ['NCT09000003', 'NOT_YET_RECRUITING', { line: 2, record: 3 }],
    ]);
    const [s1, s2, s3] = rows;
    expect(s1!.element).toMatchObject({ page: 1, offset: 12 });
    expect(s1).toMatchObject({
      phases: ['PHASE2'],
      conditions: ['Type 2 Diabetes', 'Obesity'],
      lead_sponsor: 'Pine Hollow Research Institute',
      enrollment: { count: 240, type: 'ESTIMATED' },
      start_date: { date: '2024-02-01', type: 'ACTUAL' },
      last_update_posted: '2024-04-02',
      officials: [
        { name: 'Maya Okafor, MD', affiliation: 'Pine Hollow Research Institute', role: 'PRINCIPAL_INVESTIGATOR' },
      ],
    });
    expect(s1!.sites[0]).toEqual({
      facility: 'Pine Hollow Research Institute - Mission Campus',
      status: 'RECRUITING',
      city: 'San Francisco',
      state: 'California',
      state_code: 'CA',
      zip: '94110',
      country: 'United States',
      // The CONTACT is not an investigator.
      investigators: [{ name: 'Maya Okafor, MD', role: 'PRINCIPAL_INVESTIGATOR' }],
    });
    expect(s2!.start_date).toEqual({ date: '2021-03', type: 'ACTUAL' });
    expect(s2!.phases).toEqual(['PHASE2', 'PHASE3']);
    expect(s3!.sites[0]).toMatchObject({ state: 'Ontario', state_code: null, country: 'Canada' });
    expect(studyTokens(s2!)).toEqual(
      expect.arrayContaining([
        'c:heart',
        'c:failure',
        's:acme',
        'p:phase3',
        'st:tx',
        'city:austin',
        'zip:78701',
        'st:ma',
      ]),
    );
    expect(studyTokens(s3!).some((t) => t.startsWith('zip:'))).toBe(false);
  });

  it('gives each named person an investigator token per state they are put in (the name-and-site walk)', async () => {
    const rows = await parseSet('investigators-2024-07-01');
    expect(rows.map((r) => r.nct_id)).toEqual([
      'NCT09000002',
      'NCT09000011',
      'NCT09000012',
      'NCT09000013',
      'NCT09000014',
      'NCT09000015',
      'NCT09000016',
    ]);
    const inv = (nct: string) =>
      studyTokens(rows.find((r) => r.nct_id === nct)!)
        .filter((t) => t.startsWith('inv:'))
        .sort();
    // Site investigators in their site's state; the study director's affiliation (Acme) names no
    // site, so she is put in every US site's state.
    expect(inv('NCT09000002')).toEqual([
      'inv:castellano_d_pa',
      'inv:fischer_l_ma',
      'inv:fischer_l_pa',
      'inv:fischer_l_tx',
      'inv:patel_r_tx',
    ]);
    // `Castellano, Diane R.` is read last name first; an official whose affiliation names the
    // Philadelphia site is put there only (not in Massachusetts, the other site's state).
    expect(inv('NCT09000011')).toEqual(['inv:castellano_d_pa']);
    expect(inv('NCT09000015')).toEqual(['inv:castellano_d_pa']);
  });

  it('refuses a page whose bytes are not the sha256 its manifest names, and a manifest without pages', async () => {
    const page = fs.readFileSync(path.join(FIX, '2024-05-01', 'ctgov-studies-page-0002.json'));
    const changed = Buffer.from(page.toString().replace('Asthma', 'Asthmb'));
    await expect(parseSet('2024-05-01', { 'ctgov-studies-page-0002.json': changed })).rejects.toThrow(
      /line 2: ctgov-studies-page-0002.json: the bytes read are not sha256/,
    );
    const run = async (input: Buffer) => {
      for await (const _ of ctgovSetParser.parse(input, { openFile: archiveOf('2024-05-01') })) void _;
    };
    await expect(run(Buffer.from('{"studies":[]}'))).rejects.toThrow(/not a JSON API set manifest/);
    const noOpen = ctgovSetParser.parse(fs.readFileSync(path.join(FIX, '2024-05-01', 'ctgov-studies-pages.json')));
    await expect(noOpen.next()).rejects.toThrow(/openFile/);
  });

  it('reads a single-study answer, and refuses a study without an NCT number', async () => {
    const out: TrialStudyRow[] = [];
    for await (const r of ctgovStudyParser.parse(fs.readFileSync(path.join(FIX, 'NCT09000004.json')))) out.push(r);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ nct_id: 'NCT09000004', phases: [], study_type: 'OBSERVATIONAL', element: null });
    const bad = ctgovStudyParser.parse(Buffer.from('{"protocolSection":{"identificationModule":{"nctId":"X1"}}}'));
    await expect(bad.next()).rejects.toThrow(/no NCT number/);
  });
});

const SAMPLE = samplePath('nlm_ctgov');
describeWithSamples('ClinicalTrials.gov conformance (real API v2 single-study sample)', SAMPLE, () => {
  it('reads NCT05594173 as published (fields checked by hand against the file)', async () => {
    const out: TrialStudyRow[] = [];
    for await (const r of ctgovStudyParser.parse(fs.readFileSync(path.join(SAMPLE, 'NCT05594173.json')))) out.push(r);
    expect(out).toHaveLength(1);
    expect(out[0]).toEqual({
      nct_id: 'NCT05594173',
      brief_title: 'Chewing and Oral Processing of Solid Food',
      official_title: 'Chewing and Oral Processing of Solid Food in Healthy Swallowing',
      acronym: 'NIH_HVX6',
      overall_status: 'COMPLETED',
      study_type: 'OBSERVATIONAL',
      phases: [],
      conditions: ['Dysphagia'],
      keywords: [],
      interventions: [{ type: 'OTHER', name: 'Food texture modification' }],
      lead_sponsor: 'University Health Network, Toronto',
      lead_sponsor_class: 'OTHER',
      collaborators: [
        { name: 'National Institute on Deafness and Other Communication Disorders (NIDCD)', class: 'NIH' },
      ],
      enrollment: { count: 20, type: 'ACTUAL' },
      start_date: { date: '2019-09-13', type: 'ACTUAL' },
      primary_completion_date: { date: '2020-12-20', type: 'ACTUAL' },
      completion_date: { date: '2020-12-20', type: 'ACTUAL' },
      first_posted: '2022-10-26',
      last_update_posted: '2022-11-21',
      last_update_month: '2022-11',
      officials: [
        {
          name: 'Catriona M Steele, PhD',
          affiliation: 'University Health Network, Toronto',
          role: 'PRINCIPAL_INVESTIGATOR',
        },
      ],
      sites: [
        {
          facility: 'Toronto Rehabilitation Institute - University Health Network',
          status: null,
          city: 'Toronto',
          state: 'Ontario',
          state_code: null,
          zip: 'M5G 2A2',
          country: 'Canada',
          investigators: [],
        },
      ],
      element: null,
      locator: { line: 1, record: 1 },
    });
  });
});
