import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import { type NadacRecord, nadacParser } from './parser';
import { readNadacVersion } from './source';

async function all(bytes: Buffer): Promise<NadacRecord[]> {
  const out: NadacRecord[] = [];
  for await (const r of nadacParser.parse(bytes)) out.push(r);
  return out;
}

const FIXTURE = fixturePath('medicaid_nadac', 'nadac-national-average-drug-acquisition-cost-06-25-2025.csv');

describe('NADAC weekly file', () => {
  it('keeps 11-digit NDCs with leading zeros, splits multi-valued explanation codes, reads brand generics', async () => {
    const rows = await all(fs.readFileSync(FIXTURE));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      ndc11: '00904677361',
      nadac_per_unit: 0.03112,
      effective_date: '2025-06-18',
      otc: true,
    });
    expect(rows[1]!.explanation_codes).toEqual(['1', '5']);
    const brand = rows.find((r) => r.classification_for_rate_setting === 'B')!;
    expect(brand).toMatchObject({
      corresponding_generic_nadac_per_unit: 0.04251,
      corresponding_generic_effective_date: '2025-06-18',
    });
    expect(rows[0]!.corresponding_generic_nadac_per_unit).toBeNull();
    expect(await findByLocator(nadacParser, fs.readFileSync(FIXTURE), rows[3]!.locator)).toEqual(rows[3]);
  });

  it('refuses a row whose NDC is not 11 digits, naming the line', async () => {
    const bad = Buffer.from(
      `${fs.readFileSync(FIXTURE, 'utf8').split('\n')[0]}\n"X",123,0.1,06/18/2025,EA,C/I,N,1,G,,,06/25/2025\n`,
    );
    await expect(all(bad)).rejects.toThrow(/line 2/);
  });
});

describe('NADAC file of several weeks (a year-to-date or yearly download)', () => {
  const [header, ...rows] = fs.readFileSync(FIXTURE, 'utf8').trimEnd().split('\n');
  const week = (line: string, asOf: string, price?: string) => {
    const cells = line.split(',');
    cells[cells.length - 1] = asOf;
    if (price) cells[cells.length - 10] = price;
    return cells.join(',');
  };
  // Three weeks, the last one first, the others interleaved after it; one NDC leaves in the last week.
  const lines = [
    header!,
    week(rows[0]!, '06/11/2025', '0.01000'),
    ...rows.slice(0, 4).map((r) => week(r, '06/25/2025')),
    week(rows[4]!, '06/18/2025'),
    week(rows[0]!, '06/18/2025', '0.02000'),
    week(rows[4]!, '06/11/2025'),
  ];
  const body = Buffer.from(`${lines.join('\n')}\n`);

  it("gives the rows of the file's latest as-of date only, with their own lines", async () => {
    const got = await all(body);
    expect(got.map((r) => r.as_of_date)).toEqual(['2025-06-25', '2025-06-25', '2025-06-25', '2025-06-25']);
    expect(got.map((r) => r.locator.line)).toEqual([3, 4, 5, 6]);
    expect(got[0]).toMatchObject({ ndc11: '00904677361', nadac_per_unit: 0.03112 });
    expect(await findByLocator(nadacParser, body, got[2]!.locator)).toEqual(got[2]);
  });

  it('is labelled by the latest as-of date its head shows when the name carries none', () => {
    const r = readNadacVersion({ name: 'NADAC.csv', head: body } as never);
    expect(r).toMatchObject({ publisherVersion: '2025-06-25', method: 'content' });
  });
});

describeWithSamples('NADAC real sample', samplePath('medicaid_nadac'), () => {
  it('parses every row of the real file (178 rows), NDCs as 11-digit strings', async () => {
    const rows = await all(fs.readFileSync(samplePath('medicaid_nadac', 'NADAC.csv')));
    expect(rows).toHaveLength(178);
    expect(rows.every((r) => /^\d{11}$/.test(r.ndc11))).toBe(true);
    expect(rows[0]).toMatchObject({
      ndc11: '24385005452',
      nadac_per_unit: 0.28527,
      effective_date: '2026-04-22',
      as_of_date: '2026-04-29',
    });
  });
});
