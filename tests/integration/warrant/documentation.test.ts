import { blobKey } from '../../../shared/archive/keys';
import { replayRow } from '../../../shared/facts/replay';
import { type Engines, startEngines } from '../../../shared/local/engines';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 14, point 4: the documentation block over the MCD fixtures (shared/datasets/README.md):
 * revision windows on their boundary days, a retired LCD, an ended article, a non-covered code group,
 * and the contractor-to-state gap when contractor_jurisdiction.csv is not archived. Every date is
 * within 20 days of its release's start (2025-04-01, 2025-07-01), inside the weekly source's freshness.
 */
describe('warrant documentation block over the MCD fixtures', () => {
  let engines: Engines;
  let full: Harness;
  let noJurisdiction: Harness;
  let fullKey: Record<string, string>;
  let noJurisdictionKey: Record<string, string>;

  const doc = async (h: Harness, headers: Record<string, string>, q: string): Promise<Json> => {
    const res = await h.request(`/rules/warrant?${q}`, { headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).documentation;
  };
  const get = (q: string) => doc(full, fullKey, q);
  const cited = (b: Json) => (b.facts as Json[]).map((f) => `${f.value.display_id} v${f.value.doc_version}`).sort();

  beforeAll(async () => {
    engines = await startEngines();
    full = await startHarness({ engines });
    noJurisdiction = await startHarness({ engines });
    await seedFixtures(full.deps, (e) => e.source_id === 'cms_mcd');
    await seedFixtures(
      noJurisdiction.deps,
      (e) => e.source_id === 'cms_mcd' && !e.path.endsWith('contractor_jurisdiction.csv'),
    );
    fullKey = (await createTestKey(full.deps, 'pro', ['warrant'])).headers;
    noJurisdictionKey = (await createTestKey(noJurisdiction.deps, 'pro', ['warrant'])).headers;
  }, 120_000);
  afterAll(async () => {
    await full.close();
    await noJurisdiction.close();
    await engines.stop();
  });

  it('boundary days: the last day of L39903 v12 cites v12, the first day of v13 cites v13', async () => {
    const last = await get('hcpcs=K0001&as_of=2025-04-14&state=NY');
    expect(last.status).toBe('held');
    expect(cited(last)).toEqual(['A59903 v4', 'L39903 v12']);
    const v12 = (last.facts as Json[]).find((f) => f.value.display_id === 'L39903')!;
    expect(v12.value.revision_window).toEqual({
      status: 'known',
      from: '2024-10-01',
      to: '2025-04-14',
      end_basis: 'rev_end_date',
      superseded_by: null,
    });
    // The lcd.csv row that states the window is a related receipt.
    expect((v12.related_receipts as Json[]).some((r) => r.file_name === 'lcd.csv')).toBe(true);

    const first = await get('hcpcs=K0001&as_of=2025-04-15&state=NY');
    expect(cited(first)).toEqual(['A59903 v4', 'L39903 v13']);
    const v13 = (first.facts as Json[]).find((f) => f.value.display_id === 'L39903')!;
    expect(v13.value.revision_window).toMatchObject({ from: '2025-04-15', to: null });
  });

  it('a code listed only by the successor revision is not_in_force_on_date the day before, cited from its start', async () => {
    const before = await get('hcpcs=K1040&as_of=2025-04-14&state=PA');
    expect(before.status).toBe('gap');
    expect(before.gaps).toEqual([
      expect.objectContaining({
        reason: 'not_in_force_on_date',
        detail: expect.stringContaining('L39903 v13 (2025-04-15 to open)'),
      }),
    ]);
    const from = await get('hcpcs=K1040&as_of=2025-04-15&state=PA');
    expect(cited(from)).toEqual(['L39903 v13']);
    expect(from.facts[0].value).toMatchObject({
      code_group: 2,
      coverage_meaning: 'stated_in_paragraph',
      code_group_paragraph: 'Accessories billed with a base \u2013 see the policy article.',
    });
  });

  it('a retired LCD is cited on its retirement date and not after', async () => {
    const on = await get('hcpcs=G0399&as_of=2025-07-10&state=FL');
    expect(cited(on)).toEqual(['L39902 v3']);
    expect(on.facts[0].value).toMatchObject({
      status: 'R',
      revision_window: { from: '2023-07-01', to: '2025-07-10', end_basis: 'date_retired' },
    });
    const after = await get('hcpcs=G0399&as_of=2025-07-11&state=FL');
    expect(after.facts).toEqual([]);
    expect(after.gaps).toEqual([
      expect.objectContaining({
        reason: 'not_in_force_on_date',
        detail: expect.stringContaining('L39902 v3 (2023-07-01 to 2025-07-10 (date retired))'),
      }),
    ]);
    // The CPT code of the same LCD: cited on the last day, no descriptor anywhere.
    const cpt = await get('hcpcs=95811&as_of=2025-07-10&state=TX');
    expect(cited(cpt)).toEqual(['L39902 v3']);
    expect(JSON.stringify(cpt)).not.toMatch(/FIXTURE TEXT STANDING IN/i);
  });

  it('an article with an end date is cited through that date and dropped the day after', async () => {
    const last = await get('hcpcs=K0001&as_of=2025-07-15&state=NY');
    expect(cited(last)).toEqual(['A59903 v4', 'L39903 v14']);
    const article = (last.facts as Json[]).find((f) => f.kind === 'article')!;
    expect(article.value.revision_window).toMatchObject({ to: '2025-07-15', end_basis: 'article_end_date' });
    const after = await get('hcpcs=K0001&as_of=2025-07-16&state=NY');
    expect(cited(after)).toEqual(['L39903 v14']);
    expect(after.status).toBe('held');
  });

  it('a non-covered group: the fact carries group 3, its paragraph as text and the group row as a receipt', async () => {
    const b = await get('hcpcs=A9279&as_of=2025-07-05&state=NY');
    expect(cited(b)).toEqual(['L39901 v7']);
    const f = b.facts[0] as Json;
    expect(f.value).toMatchObject({ listed_as: 'A9279', code_group: 3, coverage_meaning: 'stated_in_paragraph' });
    expect(f.value.code_group_paragraph).toMatch(/^GROUP 3 CODES: The following items are non-covered \u2013 /);
    expect(f.value.code_group_paragraph).toContain('policy article\u2019s coding guidelines');
    expect(f.value.code_group_paragraph).not.toMatch(/<|&[a-z]+;/);
    expect(f.value).not.toHaveProperty('covered');
    const group = (f.related_receipts as Json[]).find((r) => r.file_name === 'lcd_x_hcpc_code_group.csv')!;
    const row = await replayRow(await full.deps.blobs.getBuffer(blobKey(group.sha256)), group as never);
    expect(row).toMatchObject({ doc_id: 39901, doc_version: 7, code_group: 3 });
    expect(String(row!.paragraph)).toContain('non-covered &ndash; a stand-alone');
    // Every receipt of the fact (code row, lcd.csv row, group row, contractor and jurisdiction rows) replays.
    for (const r of [f.receipt, ...(f.related_receipts as Json[])]) {
      expect(await replayRow(await full.deps.blobs.getBuffer(blobKey(r.sha256)), r as never)).toBeDefined();
    }
    expect((f.related_receipts as Json[]).map((r) => r.file_name)).toEqual(
      expect.arrayContaining(['lcd.csv', 'lcd_x_contractor.csv', 'contractor.csv', 'contractor_jurisdiction.csv']),
    );
  });

  it('without contractor_jurisdiction.csv the block says the contractor-to-state join could not be made', async () => {
    const b = await doc(noJurisdiction, noJurisdictionKey, 'hcpcs=E0601&as_of=2025-04-10&state=NY');
    expect(b.status).toBe('gap');
    expect(b.facts).toEqual([]);
    expect(b.gaps).toEqual([
      expect.objectContaining({
        reason: 'jurisdiction_not_archived',
        detail: expect.stringContaining('contractor_jurisdiction.csv is not archived'),
        doc_id: 'mcd:12',
      }),
    ]);
    expect(b.gaps[0].detail).toMatch(/A59901 v8.*L39901 v6|L39901 v6.*A59901 v8/);
    // With the table archived, the same query cites both documents.
    expect(cited(await get('hcpcs=E0601&as_of=2025-04-10&state=NY'))).toEqual(['A59901 v8', 'L39901 v6']);
  });
});
