import { readFixture } from '../../../tests/helpers/fixtures';
import { isValidNpi } from '../../codes/npi';
import { matchByName, subjectOf } from '../../exclusions/match';
import { nameKeys } from '../../exclusions/names';
import { fromLeie, leieExclusionParser } from './rows';

const HEADER =
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';

async function rows(csv: string) {
  const out = [];
  for await (const r of leieExclusionParser.parse(Buffer.from(csv))) out.push(r);
  return out;
}

describe('LEIE rows in the common exclusion shape', () => {
  it('maps names, dates, type and reinstatement; an entity is an organization', async () => {
    const recs = await rows(readFixture('oig_leie', '2502REIN.csv').toString('latin1'));
    expect(recs[0]).toMatchObject({
      list: 'federal',
      list_state: null,
      entity_type: 'individual',
      name: 'DELACROIX, PIERRE',
      npis: [],
      npi_text: null,
      dob: '1952-09-30',
      state: 'LA',
      action: '1128b4',
      start_date: '1999-05-20',
      end_date: '2025-02-10',
      license_number: 'UPIN B12345',
    });
    const firms = await rows(readFixture('oig_leie', '2502EXCL.csv').toString('latin1'));
    expect(firms[0]).toMatchObject({
      entity_type: 'organization',
      organization_name: 'NORTHGATE HOME CARE LLC',
      name: 'NORTHGATE HOME CARE LLC',
    });
  });

  it('keeps an NPI that fails the check digit as text, so the row can still match by name', async () => {
    const typo = '1847362915';
    expect(isValidNpi(typo)).toBe(false);
    const [r] = await rows(
      `${HEADER}\r\n"ALDERMAN","JOSEPH","R","","","","","${typo}","19710402","","ALBANY","NY","12203","1128a1","20230914","00000000","00000000",""\r\n`,
    );
    expect(r).toMatchObject({ npis: [], npi_text: typo });
    // A subject screened by their (valid) NPI, named ALDERMAN JOSEPH in NY by the registry.
    const subject = subjectOf({ npi: '1847362914', last_name: 'Alderman', first_name: 'Joseph', state: 'NY' });
    expect(matchByName(subject, r!, nameKeys(r!)[0]!)?.method).toBe('name_state');
  });

  it('keeps a valid NPI as the row’s NPI', () => {
    const base = fromLeie({
      entity_type: 'individual',
      last_name: 'A',
      first_name: 'B',
      middle_name: null,
      business_name: null,
      general: null,
      specialty: null,
      upin: null,
      npi: '1847362914',
      dob: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      exclusion_type: null,
      exclusion_date: '2020-01-01',
      reinstatement_date: null,
      waiver_date: null,
      waiver_state: null,
      locator: { line: 2, record: 1 },
    });
    expect(base).toMatchObject({ npis: ['1847362914'], npi_text: null });
  });
});
