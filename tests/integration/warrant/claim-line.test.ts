import { replayRow } from '../../../shared/facts/replay';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/** The outpatient hospital MUE table of Q2 is left out: a setting whose table is not archived for the date. */
const WITHOUT_Q2_OUTPATIENT = 'MCR_MUE_OutpatientHospitalServices_Eff_04-01-2025.csv';

describe('claim-line context: modifiers, units, ZIP and setting (issue 14, points 5-7)', () => {
  let h: Harness;
  let key: { headers: Record<string, string> };
  const get = async (url: string) => {
    const res = await h.request(url, { headers: key.headers });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const warrant = (q: string) => get(`/rules/warrant?hcpcs=E0601&as_of=2025-05-15&${q}`);
  const fees = (b: Json) => (b.fee.facts as Json[]).filter((f) => f.kind === 'dmepos_fee');

  beforeAll(async () => {
    h = await startHarness();
    await seedFixtures(h.deps, (e) => e.source_id !== 'nppes' && !e.path.endsWith(WITHOUT_Q2_OUTPATIENT));
    key = await createTestKey(h.deps, 'pro', ['warrant']);
  }, 120_000);
  afterAll(() => h.close());

  it('without claim-line context every candidate row is listed, both columns, as before', async () => {
    const { status, body } = await warrant('state=NY');
    expect(status).toBe(200);
    expect(fees(body).map((f) => f.value.modifier)).toEqual(['NU', 'RR', 'UE']);
    expect(fees(body)[1]!.value).toMatchObject({ non_rural: 71.95, rural: 77.71 });
    expect(fees(body)[1]!.value.selected).toBeUndefined();
    expect(body.meta.claim_line).toEqual({ modifiers: [], units: null, zip: null, setting: null });
  });

  it('modifier RR and a rural ZIP pick the one fee cell and say why; the ZIP row is a related receipt that replays', async () => {
    const { body } = await warrant('state=NY&modifier=RR&zip=14717');
    const rr = fees(body)[0]!;
    expect(fees(body)).toHaveLength(1);
    expect(rr.value.selected).toEqual({ column: 'rural', amount: 77.71, status: 'fee' });
    expect(rr.value.selected_because).toMatch(
      /^modifier RR matches the row \(Mod RR\); ZIP 14717 is rural: listed for NY in DME Rural ZIP Code Quarter 2, 2025\.csv \(Quarter 2, 2025\), line \d+/,
    );
    const zip = (rr.related_receipts as Json[]).find((r) => r.doc_id === 'dmepos:3')!;
    const bytes = await h.deps.blobs.getBuffer(`files/sha256/${zip.sha256.slice(0, 2)}/${zip.sha256}`);
    expect(await replayRow(bytes, zip as never)).toMatchObject({ state: 'NY', zip: '14717' });
    expect(body.meta.claim_line).toEqual({ modifiers: ['RR'], units: null, zip: '14717', setting: null });
    expect((body.meta.versions_in_force as Json[]).some((v) => v.doc_id === 'dmepos:3' && v.loaded === true)).toBe(
      true,
    );
  });

  it('a ZIP the rural file does not list (or not yet: 14717 before Q2) selects the non-rural cell; ZIP+4 is read as five digits', async () => {
    const city = fees((await warrant('state=NY&modifier=RR&zip=10001')).body)[0]!;
    expect(city.value.selected).toEqual({ column: 'non_rural', amount: 71.95, status: 'fee' });
    expect(city.value.selected_because).toContain('whole file searched');
    const q1 = fees((await get('/rules/warrant?hcpcs=E0601&as_of=2025-02-14&state=NY&modifier=RR&zip=14717')).body)[0]!;
    expect(q1.value.selected.column).toBe('non_rural');
    const plus4 = await warrant('state=NY&modifier=RR&zip=14717-0042');
    expect(plus4.body.meta.claim_line.zip).toBe('14717');
    expect(fees(plus4.body)[0]!.value.selected.column).toBe('rural');
  });

  it('a rural ZIP of another state is a zip_state_mismatch gap: no cell chosen', async () => {
    const { body } = await warrant('state=PA&modifier=RR&zip=14717');
    expect(body.fee.gaps.map((g: Json) => g.reason)).toEqual(['zip_state_mismatch']);
    expect(fees(body)[0]!.value.selected).toBeUndefined();
  });

  it('two modifiers (repeated or comma-separated) select the NU KE row; NU alone matches no row', async () => {
    for (const q of ['modifier=NU&modifier=KE', 'modifier=ke,nu']) {
      const f = fees((await warrant(`state=NY&${q}`)).body);
      expect(f.map((x) => [x.value.modifier, x.value.modifier2])).toEqual([['NU', 'KE']]);
    }
    const none = await warrant('state=NY&modifier=NU');
    expect(none.body.fee.status).toBe('gap');
    expect(none.body.fee.gaps.map((g: Json) => g.reason)).toEqual(['no_row_for_modifiers']);
  });

  it('a published 0.00 is not_applicable, never a fee of 0: rural columns, non-continental areas, no ceiling or floor', async () => {
    const hi = fees((await warrant('state=HI&modifier=RR')).body)[0]!.value;
    expect([hi.rural, hi.ceiling, hi.floor]).toEqual([null, null, null]);
    expect(Object.keys(hi.not_applicable).sort()).toEqual(['ceiling', 'floor', 'rural']);
    const k0001 = fees(
      (await get('/rules/warrant?hcpcs=K0001&as_of=2025-05-15&state=NY&modifier=RR&zip=14717')).body,
    )[0]!;
    expect(k0001.value.selected).toEqual({ column: 'rural', amount: null, status: 'not_applicable' });
    expect(k0001.value.not_applicable.rural.published_as).toBe('0.00');
    const meter = fees((await get('/rules/warrant?hcpcs=E0607&as_of=2025-05-15&state=NY')).body)[0]!.value;
    expect([meter.ceiling, meter.floor, meter.non_rural]).toEqual([null, null, 129]);
    expect(JSON.stringify(fees((await warrant('state=HI')).body).map((f) => f.value))).not.toMatch(
      /"(rural|ceiling|floor)":0[,}]/,
    );
  });

  it('a state the schedule has no column for is a gap, not a held fee with empty values', async () => {
    const { body } = await warrant('state=GU');
    expect(body.fee.status).toBe('gap');
    expect(body.fee.gaps.map((g: Json) => g.reason)).toEqual(['state_not_in_schedule']);
  });

  it('a code terminated before the date: the fee rows stay listed beside a fee_moot fact with the HCPCS receipt', async () => {
    const { body } = await get('/rules/warrant?hcpcs=K1036&as_of=2025-05-20&state=NY');
    const moot = (body.fee.facts as Json[]).find((f) => f.kind === 'fee_moot')!;
    expect(moot.value).toMatchObject({ reasons: ['terminated'], termination_date: '2025-05-15' });
    expect(moot.receipt.doc_id).toBe('hcpcs:1');
    expect(fees(body).every((f) => f.value.moot_on_date === true)).toBe(true);
    const before = await get('/rules/warrant?hcpcs=K1036&as_of=2025-05-15&state=NY');
    expect((before.body.fee.facts as Json[]).some((f) => f.kind === 'fee_moot')).toBe(false);
  });

  it('every MUE setting with no table in force is a gap; asked for that setting, the answer is a gap, not "no MUE"', async () => {
    const all = await warrant('state=NY');
    expect(all.body.edits.gaps).toContainEqual(expect.objectContaining({ kind: 'mue', doc_id: 'mue:2' }));
    const asked = await warrant('setting=outpatient_hospital');
    const mue = asked.body.edits.gaps.filter((g: Json) => g.kind === 'mue');
    expect(mue).toEqual([expect.objectContaining({ reason: 'no_version_in_force', doc_id: 'mue:2' })]);
    expect((asked.body.edits.facts as Json[]).filter((f) => f.kind === 'mue')).toEqual([]);
    const read = await get('/rules/ncci/mue?hcpcs=94660&as_of=2025-05-15&setting=outpatient');
    expect(read.body.result.status).toBe('gap');
    expect(read.body.query.setting).toBe('outpatient_hospital');
    expect(read.body.result.gaps[0]).toMatchObject({ reason: 'no_version_in_force', doc_id: 'mue:2' });
    const q3 = await get('/rules/ncci/mue?hcpcs=94660&as_of=2025-08-20&setting=outpatient_hospital');
    expect(q3.body.result.status).toBe('held');
  });

  it('setting dme_supplier with units: the DME MUE only, units over it flagged with the MAI meaning; no PTP table for DME', async () => {
    const { body } = await warrant('setting=dme&units=3');
    expect(body.meta.claim_line.setting).toBe('dme_supplier');
    const mue = (body.edits.facts as Json[]).filter((f) => f.kind === 'mue');
    expect(mue.map((f) => f.value.setting)).toEqual(['dme']);
    expect(mue[0]!.value.units_check).toMatchObject({
      units: 3,
      mue_value: 1,
      exceeds: true,
      adjudication_indicator: 3,
      adjudication_indicator_text: 'Date of Service Edit: Clinical',
    });
    expect(mue[0]!.value.units_check.meaning).toContain('date of service');
    expect(body.edits.gaps).toContainEqual(expect.objectContaining({ kind: 'ptp', reason: 'no_table_for_setting' }));
    const within = await get('/rules/ncci/mue?hcpcs=E0601&as_of=2025-08-20&setting=dme_supplier&units=2');
    expect(within.body.result.facts[0].value.units_check.exceeds).toBe(false);
  });

  it('PTP facts carry their setting; the hospital table is archived for Q2 only, so Q3 has a hospital gap', async () => {
    const q2 = await warrant('state=NY');
    const ptp = (q2.body.edits.facts as Json[]).filter((f) => f.kind === 'ptp');
    expect(new Set(ptp.map((f) => f.value.setting))).toEqual(new Set(['practitioner', 'hospital']));
    const hosp = await warrant('setting=outpatient_hospital');
    expect(
      (hosp.body.edits.facts as Json[]).filter((f) => f.kind === 'ptp').map((f) => [f.value.setting, f.receipt.doc_id]),
    ).toEqual([['hospital', 'ptp:11']]);
    const q3 = await get('/rules/warrant?hcpcs=E0601&as_of=2025-08-20&setting=outpatient_hospital');
    expect(q3.body.edits.gaps).toContainEqual(
      expect.objectContaining({ kind: 'ptp', reason: 'no_version_in_force', doc_id: 'ptp:11' }),
    );
    // The stored row carries the setting too: replaying the receipt's line gives the same value.
    const h11 = (hosp.body.edits.facts as Json[]).find((f) => f.kind === 'ptp')!.receipt;
    const bytes = await h.deps.blobs.getBuffer(`files/sha256/${h11.sha256.slice(0, 2)}/${h11.sha256}`);
    expect(await replayRow(bytes, h11)).toMatchObject({ column1: 'E0601', column2: 'A7030', setting: 'hospital' });
    const read = await get('/rules/ncci/ptp?column1=E0601&column2=A7030&as_of=2025-05-15&setting=hospital');
    expect(read.body.result.facts.map((f: Json) => [f.value.setting, f.value.modifier_indicator])).toEqual([
      ['hospital', 0],
    ]);
    const prac = await get('/rules/ncci/ptp?column1=E0601&column2=A7030&as_of=2025-05-15&setting=practitioner');
    expect(prac.body.result.facts.map((f: Json) => [f.value.setting, f.value.modifier_indicator])).toEqual([
      ['practitioner', 1],
    ]);
  });

  it('pins the deletion-date boundary on the K0001/E0950 fixture row (deleted 2025-07-31 in the Q3 file)', async () => {
    const on = (d: string) => get(`/rules/ncci/ptp?column1=K0001&column2=E0950&setting=practitioner&as_of=${d}`);
    const before = await on('2025-07-30');
    expect(before.body.result.status).toBe('held');
    expect(before.body.result.facts[0].value).toMatchObject({ deletion_date: '2025-07-31', setting: 'practitioner' });
    expect(before.body.result.facts[0].receipt.publisher_version).toBe('v31.2r0');
    const day = await on('2025-07-31');
    expect(day.body.result.status).toBe('gap');
    expect(day.body.result.gaps.map((g: Json) => g.reason)).toEqual(['deletion_day_unresolved', 'code_not_in_version']);
    const after = await on('2025-08-01');
    expect(after.body.result.gaps.map((g: Json) => g.reason)).toEqual(['code_not_in_version']);
  });

  it('the appeal and the changes routes take the same context', async () => {
    const appeal = await get('/rules/warrant/appeal?hcpcs=E0601&dos=2025-05-15&state=NY&modifier=RR&zip=14717&units=1');
    expect(appeal.status).toBe(200);
    expect(appeal.body.warrant.meta.claim_line).toEqual({ modifiers: ['RR'], units: 1, zip: '14717', setting: null });
    expect(appeal.body.citations.fee).toHaveLength(1);
    const changes = await get(
      '/rules/warrant/changes?hcpcs=E0601&from_dos=2025-02-14&to_dos=2025-05-15&state=NY&modifier=RR&zip=14717',
    );
    expect(changes.status).toBe(200);
    expect(fees(changes.body.from_warrant)[0]!.value.selected.column).toBe('non_rural');
    expect(fees(changes.body.to_warrant)[0]!.value.selected.column).toBe('rural');
    expect(changes.body.blocks.fee.changed).toBe(true);
  });

  it('the fee rule read takes modifiers and a ZIP too', async () => {
    const { body } = await get('/rules/dmepos/fee?hcpcs=E0601&state=NY&modifier=RR&zip=14717&as_of=2025-05-15');
    expect(body.query).toEqual({ hcpcs: 'E0601', state: 'NY', modifier: 'RR', zip: '14717' });
    expect(body.result.facts[0].value.selected).toEqual({ column: 'rural', amount: 77.71, status: 'fee' });
  });

  const W = '/rules/warrant?hcpcs=E0601&as_of=2025-05-15';
  it.each([
    [W, 'modifier=R', 'modifier'],
    [W, 'modifier=RR,KX,NU', 'modifier'],
    [W, 'modifier=RR&modifier=RR', 'modifier'],
    [W, 'units=0', 'units'],
    [W, 'units=2.5', 'units'],
    [W, 'units=10000', 'units'],
    [W, 'zip=1471', 'zip'],
    [W, 'zip=ABCDE', 'zip'],
    [W, 'setting=hospital', 'setting'],
    [W, 'place_of_service=12', 'place_of_service'],
    ['/rules/warrant/appeal?hcpcs=E0601&dos=2025-05-15', 'zipcode=14717', 'zipcode'],
    ['/rules/warrant/changes?hcpcs=E0601&from_dos=2025-02-14&to_dos=2025-05-15', 'units=-1', 'units'],
    ['/rules/ncci/ptp?column1=E0601&column2=A7030&as_of=2025-05-15', 'setting=dme_supplier', 'setting'],
    ['/rules/ncci/mue?hcpcs=E0601&as_of=2025-05-15', 'zip=14717', 'zip'],
  ])('%s&%s is a 400 problem naming %s', async (url, q, param) => {
    const res = await h.request(`${url}&${q}`, { headers: key.headers });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = (await res.json()) as Json;
    expect(body.errors.map((e: Json) => e.loc)).toContainEqual(['query', param]);
  });
});
