import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PosRow } from '../../hospitals/profile-rows';
import { posParser } from './parser';
import { readPosVersion } from './source';

async function parse(buf: Buffer | string): Promise<PosRow[]> {
  const out: PosRow[] = [];
  for await (const r of posParser.parse(buf)) out.push(r);
  return out;
}
const fixture = (q: string) =>
  fs.readFileSync(path.join(__dirname, 'fixtures', `POS_File_Hospital_Non_Hospital_Facilities_${q}.csv`));

describe('POS parser (fixtures)', () => {
  it('reads each provider by column name: CCN with its zeros, accreditation, affiliation, CBSA, termination', async () => {
    const rows = await parse(fixture('Q4_2023'));
    expect(rows.map((r) => r.ccn)).toEqual(['010099', '010150', '017001', '050777', '140901']);
    expect(rows[0]).toMatchObject({
      facility_name: 'PINE HOLLOW REGIONAL MEDICAL CENTER',
      zip: '36303',
      cbsa_code: '20020',
      category: { code: '01', label: 'Hospital' },
      accreditation: {
        type: { code: '1', label: 'The Joint Commission' },
        effective_date: '2021-03-15',
        expiration_date: '2024-03-14',
      },
      medical_school_affiliation: { code: '3', label: 'Minor' },
      termination: { code: '00', label: 'Active provider' },
      termination_date: null,
      bed_count: 420,
      locator: { line: 2, record: 1 },
    });
    expect(rows[1]).toMatchObject({
      termination: { code: '01' },
      termination_date: '2023-06-30',
      accreditation: { type: null },
    });
    expect(rows[2]).toMatchObject({
      category: { code: '05', label: 'Home Health Agency' },
      zip: '36301',
      services: [],
    });
  });

  it('reads every *_SRVC_CD column as a service, naming the ones it knows and keeping the column of the others', async () => {
    const [r] = await parse(fixture('Q4_2023'));
    const byCol = new Map(r!.services.map((s) => [s.column, s]));
    expect(byCol.get('MGNTC_RSNC_IMG_SRVC_CD')).toMatchObject({
      name: 'Magnetic resonance imaging',
      how: 'staff_and_arrangement',
      provided: true,
    });
    expect(byCol.get('SHCK_TRMA_SRVC_CD')).toMatchObject({ how: 'arrangement', provided: true });
    expect(byCol.get('ORGN_TRNSPLNT_SRVC_CD')).toMatchObject({ how: 'not_provided', provided: false });
    expect(byCol.get('LTHTRPSY_SRVC_CD')).toMatchObject({ name: 'LTHTRPSY_SRVC_CD', provided: true });
    expect(r!.source_row.PRVDR_NUM).toBe('010099');
    expect(r!.source_row.CHOW_CNT).toBeUndefined();
  });

  it('refuses a file without PRVDR_NUM or with a bad CCN; reads the quarter from the name', async () => {
    await expect(parse('FAC_NAME,STATE_CD\r\nX,AL\r\n')).rejects.toThrow(/missing column "PRVDR_NUM"/);
    await expect(parse('PRVDR_NUM,FAC_NAME\r\n12-34,X\r\n')).rejects.toThrow(/not a CCN/);
    expect(
      readPosVersion({
        name: 'POS_File_Hospital_Non_Hospital_Facilities_Q4_2024.csv',
        parents: [],
        head: Buffer.alloc(0),
      }).publisherVersion,
    ).toBe('Q4 2024');
  });
});
