import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChowRow } from '../../companies/chow-rows';
import { PublisherFormatError } from '../../publishers/common/errors';
import { chowParsers } from './parser';
import { readChowVersion } from './source';

const fixture = (n: string) => fs.readFileSync(path.join(__dirname, 'fixtures', n));

async function parse(buf: Buffer | string, t: 'hospital' | 'snf' = 'hospital'): Promise<ChowRow[]> {
  const out: ChowRow[] = [];
  for await (const r of chowParsers[t].parse(buf)) out.push(r);
  return out;
}

describe('CHOW parser (fixtures; no real sample is in ../shared/data/publisher)', () => {
  it('reads buyer, seller, type and effective date by column name', async () => {
    const rows = await parse(fixture('Hospital_CHOW_2025Q1.csv'));
    expect(rows.map((r) => [r.buyer.ccn, r.effective_date, r.chow_type])).toEqual([
      ['140901', '2024-10-01', 'CHOW'],
      ['010150', '2024-11-01', 'ACQUISITION/MERGER'],
      ['010120', '2025-03-01', 'CHOW'],
      ['010133', '2025-01-20', 'CONSOLIDATION'],
    ]);
    expect(rows[1]).toMatchObject({
      facility_type: 'hospital',
      chow_type_code: '2',
      buyer: {
        enrollment_id: 'O20241101000021',
        organization_name: 'PINE HOLLOW HEALTH SYSTEMS, INC.',
        doing_business_as: 'RIVER BEND MEDICAL CENTER',
        npi: '1999000021',
      },
      seller: { organization_name: 'RIVER BEND MEDICAL CENTER LLC', doing_business_as: null },
      locator: { line: 3, record: 2 },
    });
    const snf = await parse(fixture('SNF_CHOW_2025Q1.csv'), 'snf');
    expect(snf[0]).toMatchObject({ facility_type: 'snf', buyer: { ccn: '015432' } });
  });

  it('accepts the header without hyphens and M/D/YYYY dates; refuses a file without the enrollment columns', async () => {
    const rows = await parse(
      'ENROLLMENT ID BUYER,ORGANIZATION NAME BUYER,CCN BUYER,EFFECTIVE DATE,ENROLLMENT ID SELLER,ORGANIZATION NAME SELLER\r\nO1,A LLC,10150,3/1/2025,O2,B INC\r\n',
    );
    expect(rows[0]).toMatchObject({
      effective_date: '2025-03-01',
      buyer: { ccn: '010150', organization_name: 'A LLC' },
    });
    await expect(parse('CCN,NAME\r\n1,2\r\n')).rejects.toBeInstanceOf(PublisherFormatError);
  });

  it('labels versions from the name', () => {
    const v = (name: string) => readChowVersion({ name, parents: [], head: Buffer.alloc(0) }).publisherVersion;
    expect(v('SNF_CHOW_2022Q1.csv')).toBe('2022 Q1');
    expect(v('Hospital_CHOW_2024.10.01.csv')).toBe('2024-10-01');
    expect(v('other.csv')).toBeNull();
  });
});
