import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ParseOptions } from '../../publishers/common/types';
import type { SignalRow } from '../../signals/signal-rows';
import { chicagoPermitsParser, permitFiling } from './parser';
import { categoryOf, healthWords } from './rules';

const dir = (day: string) => path.join(__dirname, 'fixtures', day);

/** Reads a fixture walk as the catalog does: the manifest, its pages opened by sha256. */
async function parseWalk(day: string): Promise<SignalRow[]> {
  const files = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir(day))) {
    const b = fs.readFileSync(path.join(dir(day), name));
    files.set(createHash('sha256').update(b).digest('hex'), b);
  }
  const options = { openFile: async (sha: string) => [files.get(sha)!] } as unknown as ParseOptions;
  const out: SignalRow[] = [];
  const manifest = fs.readFileSync(path.join(dir(day), 'chicago-permits-pages.json'));
  for await (const r of chicagoPermitsParser.parse(manifest, options)) out.push(r);
  return out;
}

describe('Chicago building permits (SODA walk) parser', () => {
  it('keeps health-facility permits by the stated rule, maps categories, merges a repeated filing', async () => {
    const rows = await parseWalk('2024-03-01');
    expect(rows.map((r) => [r.filing_id, r.category, r.value_usd])).toEqual([
      ['100900001', 'expansion', 85000000],
      ['100900003', 'equipment', 4200000],
      ['100900004', 'renovation', 350000],
      ['100900005', 'demolition', 150000],
      ['100900007', 'other', 8000],
      ['100900008', 'equipment', 90000],
    ]);
    const mri = rows[1]!;
    expect(mri).toMatchObject({
      signal_id: 'chicago_building_permits:100900003',
      state: 'IL',
      city: 'CHICAGO',
      address: '2500 W HARRISON ST',
      named_party: 'WEST SIDE UNIVERSITY MEDICAL CTR',
      filed_date: '2023-12-01',
      issued_date: '2024-02-05',
      latest_date: '2024-02-05',
      published_type: 'PERMIT - RENOVATION/ALTERATION',
    });
    expect(mri.merged_from).toHaveLength(1);
    expect(mri.merged_from[0]).toMatchObject({
      filing_id: '100900002',
      rule: 'repeated_filing',
      issued_date: '2024-01-10',
    });
    expect(mri.merged_from[0]!.source_row.permit_).toBe('100900002');
    expect(mri.health_rule).toEqual(['work_description: MRI', 'contact name: MEDICAL CENTER']);
    const sign = rows[4]!;
    expect(sign.health_rule).toEqual(['contact name: HOSPITAL']);
    expect(sign.named_party).toBe('ST. BRIGID HOSPITAL NORTH');
    expect(sign.source_row.reported_cost).toBe('8000');
    expect(rows[0]!.locator).toEqual({ line: 1, record: 1 });
  });

  it('merges a permit listed again under its number; the later row is the signal', async () => {
    const rows = await parseWalk('2024-04-01');
    expect(rows.map((r) => r.filing_id)).toEqual([
      '100900003',
      '100900004',
      '100900005',
      '100900007',
      '100900008',
      '100900001',
      '100900009',
    ]);
    const tower = rows.find((r) => r.filing_id === '100900001')!;
    expect(tower).toMatchObject({ value_usd: 87500000, issued_date: '2024-03-20', locator: { line: 2, record: 9 } });
    expect(tower.merged_from).toEqual([
      expect.objectContaining({
        filing_id: '100900001',
        rule: 'same_permit_number',
        value_usd: 85000000,
        locator: { line: 1, record: 1 },
      }),
    ]);
  });

  it('states the rule: words, exclusions, contact names; refuses unreadable dates and costs', () => {
    expect(healthWords('NEW URGENT CARE CLINIC')).toEqual(['CLINIC', 'URGENT CARE']);
    expect(healthWords('HEALTH CLUB LOCKER ROOMS')).toEqual([]);
    expect(healthWords('ANIMAL HOSPITAL KENNELS')).toEqual([]);
    expect(healthWords('PRIMARY SCHOOL')).toEqual([]);
    expect(categoryOf('PERMIT - NEW CONSTRUCTION', 'NEW HOSPITAL')).toBe('new_construction');
    expect(categoryOf('PERMIT - ELEVATOR EQUIPMENT', 'HOSPITAL ELEVATOR')).toBe('equipment');
    expect(categoryOf('PERMIT - SCAFFOLDING', 'HOSPITAL')).toBe('other');
    const row = { permit_: '1', work_description: 'HOSPITAL', issue_date: '02/15/2024' };
    expect(() => permitFiling(row, 1, 1)).toThrow(/issue_date: unreadable date/);
    expect(() => permitFiling({ ...row, issue_date: undefined, reported_cost: 'n/a' }, 1, 1)).toThrow(/reported_cost/);
    expect(() => permitFiling({ work_description: 'HOSPITAL' }, 1, 1)).toThrow(/no permit_/);
    expect(permitFiling({ permit_: '2', work_description: 'GARAGE' }, 1, 2)).toBeNull();
  });
});
