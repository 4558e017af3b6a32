import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PepRow } from '../../hospitals/profile-rows';
import { pepParser } from './parser';

async function parse(buf: Buffer | string, fileName?: string): Promise<PepRow[]> {
  const out: PepRow[] = [];
  for await (const r of pepParser.parse(buf, { fileName })) out.push(r);
  return out;
}
const read = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

describe('Census CBSA estimates parser (fixtures)', () => {
  it('keeps CBSA and division rows (not counties), every POPESTIMATE year, the base, Latin-1 names', async () => {
    const rows = await parse(read('cbsa-est2024-alldata.csv'), 'cbsa-est2024-alldata.csv');
    expect(rows.map((r) => [r.cbsa_code, r.parent_cbsa_code, r.lsad])).toEqual([
      ['20020', '20020', 'Metropolitan Statistical Area'],
      ['16980', '16980', 'Metropolitan Statistical Area'],
      ['16984', '16980', 'Metropolitan Division'],
      ['41740', '41740', 'Metropolitan Statistical Area'],
      ['15860', '15860', 'Micropolitan Statistical Area'],
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Dothan, AL',
      vintage: 2024,
      estimates_base: { year: 2020, population: 151007 },
      locator: { line: 2, record: 1 },
    });
    expect(rows[0]!.estimates.map((e) => e.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(rows[0]!.estimates.at(-1)).toEqual({ year: 2024, population: 155790 });
    expect(rows[4]!.name).toBe('Cañon City, CO');
  });

  it('takes the vintage from the last estimate year without a file name, and refuses a file without estimates', async () => {
    const rows = await parse(read('cbsa-est2023-alldata.csv'));
    expect(rows[0]!.vintage).toBe(2023);
    await expect(parse('CBSA,NAME\r\n20020,X\r\n')).rejects.toThrow(/POPESTIMATE/);
    await expect(parse('CBSA,MDIV,STCOU,NAME,POPESTIMATE2020\r\n2002,,,X,1\r\n')).rejects.toThrow(/not a CBSA code/);
  });
});
