import type { StoredFact } from '../../../shared/facts/store';
import type { TimelineVersion } from '../../../shared/facts/timeline';
import { ptpOn, unitsCheck } from '../../../shared/warrant/blocks/edit-rules';
import { mueBlock, ptpPart } from '../../../shared/warrant/blocks/edits';
import { feeBlock, selectFeeRows } from '../../../shared/warrant/blocks/fee';
import { feeCells } from '../../../shared/warrant/blocks/fee-cells';
import { feeMootFacts } from '../../../shared/warrant/blocks/fee-moot';
import type { ReceiptContext } from '../../../shared/warrant/receipt';
import type { SourceInForce } from '../../../shared/warrant/resolve';
import type { RuralZipLookup } from '../../../shared/warrant/rural-zip';
import type { Fact } from '../../../shared/warrant/schema';

const SHA = 'b'.repeat(64);
const ctx: ReceiptContext = { baseUrl: 'http://x', versions: new Map(), rules: new Map() };

function version(id: number, docId: string, name = 'f.csv'): TimelineVersion {
  return {
    version_id: id,
    doc_id: docId,
    title: docId,
    sha256: SHA,
    name,
    publisher_version: 'Q2',
    publisher_effective_from: '2025-04-01',
    publisher_effective_to: '2025-06-30',
    observed_from: '2025-04-01T06:00:00Z',
  };
}

/** A source whose listed documents are in force and loaded (version id = index + 1), or gaps. */
function source(sourceId: string, docs: Record<string, 'loaded' | 'unloaded' | 'gap'>): SourceInForce {
  return {
    source_id: sourceId,
    registered: true,
    docs: Object.entries(docs).map(([docId, state], i) =>
      state === 'gap'
        ? { doc_id: docId, status: 'gap', reason: 'no_version_in_force', detail: 'between windows', version_id: null }
        : {
            doc_id: docId,
            status: 'in_force',
            version: version(i + 1, docId),
            rule: 'publisher_effective_window',
            timeline: 'windowed',
            freshness: null,
            loaded: state === 'loaded',
          },
    ),
  } as unknown as SourceInForce;
}

function fact(kind: string, docId: string, versionId: number, value: Record<string, unknown>, line = 2): StoredFact {
  const origin = {
    source_id: 's',
    doc_id: docId,
    version_id: versionId,
    sha256: SHA,
    name: 'f.csv',
    locator: { line, record: line - 1 },
  };
  return {
    key: 'k',
    kind,
    source_id: 's',
    doc_id: docId,
    version_id: versionId,
    sha256: SHA,
    name: 'f.csv',
    value,
    origin,
    related: [],
  };
}

const feeRow = (
  modifier: string | null,
  modifier2: string | null,
  fees: Record<string, [number, number]>,
  extra = {},
) =>
  fact('dmepos_fee', 'dmepos:1', 1, {
    schedule: 'dmepos',
    code: 'E0601',
    modifier,
    modifier2,
    category: 'CR',
    ceiling: 73.9,
    floor: 62.82,
    fees: Object.fromEntries(Object.entries(fees).map(([s, [nr, r]]) => [s, { nonrural: nr, rural: r }])),
    ...extra,
  });

const E0601 = [
  feeRow('NU', 'KE', { NY: [738.5, 797.58] }),
  feeRow('RR', null, { NY: [73.4, 79.27], HI: [102.47, 0], AK: [102.47, 102.47] }),
  feeRow('UE', null, { NY: [553.75, 598.05] }),
];
const dmepos = source('cms_dmepos_fee_schedule', { 'dmepos:1': 'loaded' });

describe('fee row selection by modifiers', () => {
  it('selects the row whose modifiers equal the claim line’s pricing modifiers, and says why', () => {
    const c = selectFeeRows('E0601', E0601, ['RR']);
    expect('rows' in c && c.rows.map((f) => f.value.modifier)).toEqual(['RR']);
    expect('because' in c && c.because).toBe('modifier RR matches the row (Mod RR)');
    const both = selectFeeRows('E0601', E0601, ['KE', 'NU']);
    expect('rows' in both && both.because).toBe('modifiers KE+NU match the row (Mod NU, Mod2 KE)');
  });

  it('ignores modifiers that price no row of the code, and says so', () => {
    const c = selectFeeRows('E0601', E0601, ['RR', 'KX']);
    expect('rows' in c && c.rows.length).toBe(1);
    expect('because' in c && c.because).toContain('KX is not a modifier of any E0601 fee row');
  });

  it('never falls back to the nearest row: NU alone matches no row (the NU row needs KE)', () => {
    const c = selectFeeRows('E0601', E0601, ['NU']);
    expect('gap' in c && c.gap).toBe('no_row_for_modifiers');
    expect('detail' in c && c.detail).toContain('NU+KE; RR; UE');
    expect(selectFeeRows('E0601', E0601, ['RR', 'UE'])).toMatchObject({ gap: 'no_row_for_modifiers' });
  });

  it('two rows with the same modifiers are an ambiguous_row gap', () => {
    const twice = [E0601[1]!, { ...E0601[1]!, doc_id: 'dmepos:2' }];
    const c = selectFeeRows('E0601', twice, ['RR']);
    expect('gap' in c && c.gap).toBe('ambiguous_row');
  });
});

describe('fee cells: a published 0.00 is not_applicable, never a fee of 0', () => {
  it('a rural column printed 0.00 has no amount, with the reason', () => {
    const c = feeCells(
      { schedule: 'dmepos', ceiling: 48.76, floor: 41.45, fees: { NY: { nonrural: 48.26, rural: 0 } } },
      'NY',
    );
    expect(c.rural).toBeNull();
    expect(c.non_rural).toBe(48.26);
    expect(c.not_applicable.rural).toEqual({
      published_as: '0.00',
      reason: expect.stringContaining('no rural amount'),
    });
  });

  it('the non-continental areas: rural 0.00 not applicable, ceiling and floor not applicable whatever is printed', () => {
    const c = feeCells(E0601[1]!.value, 'HI');
    expect([c.non_rural, c.rural, c.ceiling, c.floor]).toEqual([102.47, null, null, null]);
    expect(c.not_applicable.rural?.reason).toContain('non-continental');
    expect(c.not_applicable.ceiling).toEqual({
      published_as: '73.90',
      reason: expect.stringContaining('Not subject to ceiling and floor'),
    });
    const ak = feeCells(E0601[1]!.value, 'AK');
    expect([ak.non_rural, ak.rural]).toEqual([102.47, 102.47]);
  });

  it('a category without ceiling or floor (printed 0.00) has none; PEN rows have no such columns at all', () => {
    const c = feeCells(
      { schedule: 'dmepos', ceiling: 0, floor: 0, fees: { NY: { nonrural: 129, rural: 141.9 } } },
      'NY',
    );
    expect([c.ceiling, c.floor]).toEqual([null, null]);
    expect(Object.keys(c.not_applicable).sort()).toEqual(['ceiling', 'floor']);
    const pen = feeCells(
      { schedule: 'pen', ceiling: null, floor: null, fees: { NY: { nonrural: 3.86, rural: 6.03 } } },
      'NY',
    );
    expect(pen.not_applicable).toEqual({});
  });
});

describe('fee block', () => {
  const base = { code: 'E0601', asOf: '2025-05-15', source: dmepos, ctx };

  it('a state the schedule has no column for is a gap, not a held fee with empty values', () => {
    const b = feeBlock({ ...base, state: 'GU', facts: E0601 });
    expect(b.status).toBe('gap');
    expect(b.gaps.map((g) => g.reason)).toEqual(['state_not_in_schedule']);
  });

  it('without claim-line context every row is listed with both columns, as before', () => {
    const b = feeBlock({ ...base, state: 'NY', facts: E0601 });
    expect(b.facts.map((f) => f.value.modifier)).toEqual(['NU', 'RR', 'UE']);
    expect(b.facts[1]!.value).toMatchObject({ non_rural: 73.4, rural: 79.27, moot_on_date: false });
    expect(b.facts[1]!.value.selected).toBeUndefined();
  });

  const lookup = (
    facts: StoredFact[],
    docs: Record<string, 'loaded' | 'unloaded' | 'gap'> = { 'dmepos:3': 'loaded' },
  ) => ({ zip: '14717', source: source('cms_dmepos_fee_schedule', docs), facts }) as RuralZipLookup;
  const zipRow = (state: string) =>
    fact('dmepos_rural_zip', 'dmepos:3', 1, { state, zip: '14717', year_quarter: '202502' }, 6);

  it('modifier and a rural ZIP pick the one cell, say why, and carry the ZIP row as a related receipt', () => {
    const b = feeBlock({
      ...base,
      state: 'NY',
      facts: E0601,
      claim: { modifiers: ['RR'], zip: '14717' },
      rural: lookup([zipRow('NY')]),
    });
    expect(b.status).toBe('held');
    expect(b.facts).toHaveLength(1);
    const v = b.facts[0]!.value;
    expect(v.selected).toEqual({ column: 'rural', amount: 79.27, status: 'fee' });
    expect(v.selected_because).toMatch(
      /^modifier RR matches the row \(Mod RR\); ZIP 14717 is rural: listed for NY in f\.csv/,
    );
    expect(b.facts[0]!.related_receipts?.[0]).toMatchObject({ doc_id: 'dmepos:3', locator: { line: 6, record: 5 } });
  });

  it('a ZIP the rural file does not list selects the non-rural cell, the searched file as receipt', () => {
    const b = feeBlock({
      ...base,
      state: 'NY',
      facts: E0601,
      claim: { modifiers: ['RR'], zip: '10001' },
      rural: { ...lookup([]), zip: '10001' },
    });
    expect(b.facts[0]!.value.selected).toEqual({ column: 'non_rural', amount: 73.4, status: 'fee' });
    expect(b.facts[0]!.related_receipts?.[0]).toMatchObject({ doc_id: 'dmepos:3', locator: null });
  });

  it('a rural cell printed 0.00 is selected as not_applicable, never as 0', () => {
    const hi = zipRow('HI');
    const b = feeBlock({
      ...base,
      state: 'HI',
      facts: E0601,
      claim: { modifiers: ['RR'], zip: '14717' },
      rural: lookup([hi]),
    });
    expect(b.facts[0]!.value.selected).toEqual({ column: 'rural', amount: null, status: 'not_applicable' });
  });

  it('a ZIP listed for another state is a zip_state_mismatch gap and no cell is chosen', () => {
    const b = feeBlock({ ...base, state: 'NY', facts: E0601, claim: { zip: '14717' }, rural: lookup([zipRow('PA')]) });
    expect(b.gaps.map((g) => g.reason)).toEqual(['zip_state_mismatch']);
    expect(b.facts.every((f) => f.value.selected === undefined)).toBe(true);
  });

  it('with no rural ZIP file in force the rural status is a gap and both columns stay listed', () => {
    const b = feeBlock({
      ...base,
      state: 'NY',
      facts: E0601,
      claim: { zip: '14717' },
      rural: lookup([], { 'dmepos:3': 'gap' }),
    });
    expect(b.gaps).toEqual([expect.objectContaining({ kind: 'dmepos_rural_zip', reason: 'no_version_in_force' })]);
    expect(b.status).toBe('partial');
  });

  it('modifiers matching no row are a gap naming the rows in force', () => {
    const b = feeBlock({ ...base, state: 'NY', facts: E0601, claim: { modifiers: ['NU'] } });
    expect(b.gaps.map((g) => g.reason)).toEqual(['no_row_for_modifiers']);
    expect(b.facts).toEqual([]);
  });
});

describe('a moot fee: the standing record says the fee does not apply', () => {
  const hcpcs = (v: Record<string, unknown>) =>
    fact('hcpcs_code', 'hcpcs:1', 9, {
      code: 'K1036',
      add_date: '2023-04-01',
      termination_date: null,
      coverage_code: 'D',
      ...v,
    });

  it('terminated before the date: a fee_moot fact with the HCPCS receipt, the rows still listed', () => {
    const standing = [hcpcs({ termination_date: '2025-05-15' })];
    expect(feeMootFacts('K1036', '2025-05-15', standing, ctx)).toEqual([]);
    const b = feeBlock({
      code: 'K1036',
      asOf: '2025-05-16',
      state: 'NY',
      source: dmepos,
      facts: [E0601[1]!],
      standingFacts: standing,
      ctx,
    });
    const moot = b.facts.find((f: Fact) => f.kind === 'fee_moot')!;
    expect(moot.value).toMatchObject({
      reasons: ['terminated'],
      status_on_date: 'terminated',
      termination_date: '2025-05-15',
    });
    expect(moot.receipt).toMatchObject({ doc_id: 'hcpcs:1', version_id: 9 });
    expect(b.facts.find((f) => f.kind === 'dmepos_fee')?.value.moot_on_date).toBe(true);
  });

  it.each([
    ['I', 'Not payable by Medicare'],
    ['M', 'Non-covered by Medicare'],
    ['S', 'Non-covered by Medicare statute'],
  ])('coverage code %s ("%s") makes the fee moot; C and D do not', (cov, meaning) => {
    const [m] = feeMootFacts('K1036', '2025-05-15', [hcpcs({ coverage_code: cov })], ctx);
    expect(m?.value).toMatchObject({
      reasons: ['coverage_not_payable'],
      coverage_code: cov,
      coverage_meaning: meaning,
    });
    expect(feeMootFacts('K1036', '2025-05-15', [hcpcs({ coverage_code: 'C' })], ctx)).toEqual([]);
  });

  it('without a state the moot fact still shows beside the state_required gap', () => {
    const b = feeBlock({
      code: 'K1036',
      asOf: '2025-08-20',
      source: dmepos,
      facts: [],
      standingFacts: [hcpcs({ coverage_code: 'M' })],
      ctx,
    });
    expect(b.facts.map((f) => f.kind)).toEqual(['fee_moot']);
    expect(b.gaps.map((g) => g.reason)).toEqual(['state_required']);
  });
});

describe('MUE per setting and units', () => {
  const mue = (docId: string, setting: string, value: number, mai: number, text: string) =>
    fact('mue', docId, 1, {
      code: 'E0601',
      setting,
      mue_value: value,
      adjudication_indicator: mai,
      adjudication_indicator_text: text,
    });
  const facts = [
    mue('mue:1', 'practitioner', 1, 3, 'Date of Service Edit: Clinical'),
    mue('mue:3', 'dme', 1, 3, 'Date of Service Edit: Clinical'),
  ];

  it('a setting whose table is not in force is a gap for that setting, never "no MUE"', () => {
    const src = source('cms_ncci_mue', { 'mue:1': 'loaded', 'mue:2': 'gap', 'mue:3': 'loaded' });
    const b = mueBlock('E0601', src, facts, ctx);
    expect(b.facts).toHaveLength(2);
    expect(b.gaps).toEqual([expect.objectContaining({ kind: 'mue', reason: 'no_version_in_force', doc_id: 'mue:2' })]);
    const asked = mueBlock('E0601', src, facts, ctx, { setting: 'outpatient_hospital' });
    expect(asked.status).toBe('gap');
    expect(asked.gaps[0]!.detail).toContain('outpatient hospital services');
  });

  it('a setting table never archived is a gap too; a table in force without the code is code_not_in_version', () => {
    const src = source('cms_ncci_mue', { 'mue:1': 'loaded', 'mue:3': 'loaded' });
    expect(mueBlock('E0601', src, facts, ctx).gaps).toEqual([
      expect.objectContaining({ reason: 'no_version_in_force', doc_id: 'mue:2' }),
    ]);
    const withTable = source('cms_ncci_mue', { 'mue:1': 'loaded', 'mue:2': 'loaded', 'mue:3': 'loaded' });
    const b = mueBlock('E0601', withTable, facts, ctx, { setting: 'outpatient_hospital' });
    expect(b.gaps.map((g) => g.reason)).toEqual(['code_not_in_version']);
    expect(mueBlock('E0601', withTable, facts, ctx).gaps).toEqual([]);
  });

  it('with a setting, only that table is read and the fact says why', () => {
    const src = source('cms_ncci_mue', { 'mue:1': 'loaded', 'mue:2': 'loaded', 'mue:3': 'loaded' });
    const b = mueBlock('E0601', src, facts, ctx, { setting: 'dme_supplier', units: 3 });
    expect(b.facts.map((f) => f.value.setting)).toEqual(['dme']);
    expect(b.facts[0]!.value.selected_because).toBe(
      'setting dme_supplier: the MUE table for DME supplier services (mue:3)',
    );
    expect(b.facts[0]!.value.units_check).toMatchObject({
      units: 3,
      mue_value: 1,
      exceeds: true,
      adjudication_indicator: 3,
    });
  });

  it.each([
    [1, 'Line Edit', 'one claim line'],
    [2, 'Date of Service Edit: Policy', 'policy basis'],
    [3, 'Date of Service Edit: Clinical', 'clinical basis'],
  ])('units over the value carry MAI %i "%s" and its meaning', (mai, text, words) => {
    const c = unitsCheck({ mue_value: 2, adjudication_indicator: mai, adjudication_indicator_text: text }, 3);
    expect(c.exceeds).toBe(true);
    expect(c.meaning).toContain(words);
    expect(c.detail).toContain(`MAI ${mai} "${text}"`);
    expect(unitsCheck({ mue_value: 2, adjudication_indicator: mai }, 2).exceeds).toBe(false);
  });
});

describe('PTP: the deletion date and the settings', () => {
  const edit = { effective_date: '2016-01-01', deletion_date: '2025-07-31', modifier_indicator: 1 };

  it('applies before the deletion date, not after it; the deletion date itself is not stated', () => {
    expect(ptpOn(edit, '2025-07-30')).toBe('in_force');
    expect(ptpOn(edit, '2025-07-31')).toBe('deletion_day');
    expect(ptpOn(edit, '2025-08-01')).toBe('not_in_force');
    expect(ptpOn({ ...edit, deletion_date: null }, '2030-01-01')).toBe('in_force');
    expect(ptpOn(edit, '2015-12-31')).toBe('not_in_force');
  });

  it('modifier indicator 9 ("not applicable") never applies, even on its effective date', () => {
    const nine = { effective_date: '2024-01-01', deletion_date: '2024-01-01', modifier_indicator: 9 };
    expect(['2023-12-31', '2024-01-01', '2024-01-02'].map((d) => ptpOn(nine, d))).toEqual([
      'not_in_force',
      'not_in_force',
      'not_in_force',
    ]);
  });

  const pair = (docId: string, c2: string, extra = {}) =>
    fact('ptp', docId, docId === 'ptp:1' ? 1 : 2, {
      column1: 'K0001',
      column2: c2,
      effective_date: '2016-01-01',
      deletion_date: null,
      modifier_indicator: 1,
      ...extra,
    });
  const parts = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 'loaded' as const]));
  const PRACTITIONER = ['ptp:1', 'ptp:2', 'ptp:3', 'ptp:4'];
  const HOSPITAL = ['ptp:11', 'ptp:12', 'ptp:13', 'ptp:14'];
  const both = source('cms_ncci_ptp', parts([...PRACTITIONER, ...HOSPITAL]));

  it('facts carry their setting; a claim setting reads only its table', () => {
    const facts = [pair('ptp:1', 'E0950'), pair('ptp:11', 'E0950')];
    const all = ptpPart({ code: 'K0001', asOf: '2025-05-15', source: both, facts, ctx });
    expect(all.facts.map((f) => f.value.setting)).toEqual(['practitioner', 'hospital']);
    const hosp = ptpPart({
      code: 'K0001',
      asOf: '2025-05-15',
      source: both,
      facts,
      ctx,
      setting: 'outpatient_hospital',
    });
    expect(hosp.facts.map((f) => f.value.setting)).toEqual(['hospital']);
    expect(hosp.facts[0]!.value.selected_because).toBe(
      'setting outpatient_hospital: the NCCI PTP hospital table (ptp:11)',
    );
  });

  it('a part of a table that is not archived is a gap naming it: its pairs are not searched', () => {
    const partial = source('cms_ncci_ptp', { 'ptp:1': 'loaded', 'ptp:3': 'loaded' });
    const r = ptpPart({
      code: 'K0001',
      asOf: '2025-05-15',
      source: partial,
      facts: [pair('ptp:1', 'E0950')],
      ctx,
      setting: 'practitioner',
    });
    expect(r.facts).toHaveLength(1);
    expect(r.gaps.map((g) => [g.reason, g.doc_id])).toEqual([
      ['no_version_in_force', 'ptp:2'],
      ['no_version_in_force', 'ptp:4'],
    ]);
  });

  it('a setting with no table archived is a gap; DME supplier claims have no PTP table', () => {
    const only = source('cms_ncci_ptp', parts(PRACTITIONER));
    const r = ptpPart({ code: 'K0001', asOf: '2025-05-15', source: only, facts: [pair('ptp:1', 'E0950')], ctx });
    expect(r.gaps).toEqual([expect.objectContaining({ kind: 'ptp', reason: 'no_version_in_force', doc_id: null })]);
    expect(r.gaps[0]!.detail).toContain('outpatient hospital');
    const dme = ptpPart({ code: 'K0001', asOf: '2025-05-15', source: only, facts: [], ctx, setting: 'dme_supplier' });
    expect(dme.gaps.map((g) => g.reason)).toEqual(['no_table_for_setting']);
  });

  it('an edit on its deletion date is a deletion_day_unresolved gap, not a listed pair', () => {
    const r = ptpPart({
      code: 'K0001',
      asOf: '2025-07-31',
      source: both,
      facts: [pair('ptp:1', 'E0950', { deletion_date: '2025-07-31' })],
      ctx,
      setting: 'practitioner',
    });
    expect(r.facts).toEqual([]);
    expect(r.gaps).toEqual([expect.objectContaining({ reason: 'deletion_day_unresolved', doc_id: 'ptp:1' })]);
  });
});
