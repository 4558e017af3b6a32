import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { isValidNpi } from '../../codes/npi';
import type { ProviderLinkRow } from '../../providers/links-rows';
import { findByLocator } from '../../publishers/common/locator';
import { dacFacilityParser, dacNationalParser, zipOf } from './parser';
import { FACILITY_MATCH, NATIONAL_MATCH } from './source';

async function all(parser: typeof dacNationalParser, bytes: Buffer): Promise<ProviderLinkRow[]> {
  const out: ProviderLinkRow[] = [];
  for await (const r of parser.parse(bytes)) out.push(r);
  return out;
}

const fixture = (name: string) => fs.readFileSync(fixturePath('cms_dac', name));

describe('DAC national file', () => {
  it('reads the 2021 coded layout (a space after every comma), hospital columns and ZIPs as text', async () => {
    const rows = await all(dacNationalParser, fixture('DAC_NationalDownloadableFile.csv'));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.kind === 'clinician' && isValidNpi(r.npi))).toBe(true);
    const [oyelaran, fenwick, castellano, second] = rows;
    expect(oyelaran).toMatchObject({
      npi: '1203847565',
      clinician: {
        last_name: 'OYELARAN',
        credential: 'MD',
        primary_specialty: 'INTERNAL MEDICINE',
        secondary_specialties: ['GERIATRIC MEDICINE'],
        org_name: 'BUCKEYE INTERNAL MEDICINE GROUP LLC',
        org_pac_id: '7719001122',
        org_members: 12,
        graduation_year: 2008,
        address: { city: 'COLUMBUS', state: 'OH', zip: '432141234', zip5: '43214' },
        hospital_affiliations: [
          { ccn: '360999', name: 'RIVERBEND GENERAL HOSPITAL' },
          { ccn: '360998', name: 'SCIOTO VALLEY MEDICAL CENTER' },
        ],
        address_id: 'OH432141234CO1200XRDXX300',
      },
    });
    // The leading zero of a New England ZIP is kept: ZIPs are text.
    expect(fenwick!.clinician!.address).toMatchObject({ zip: '021141234', zip5: '02114' });
    expect(fenwick!.clinician!.medical_school).toBe('UNIVERSITY OF MASSACHUSETTS, MEDICAL SCHOOL');
    expect(castellano!.clinician).toMatchObject({ org_pac_id: null, org_members: null, hospital_affiliations: [] });
    expect(castellano!.clinician!.address.zip5).toBe('19103');
    expect(second!.clinician!.org_pac_id).toBe('8830002233');
    const bytes = fixture('DAC_NationalDownloadableFile.csv');
    expect(await findByLocator(dacNationalParser, bytes, rows[3]!.locator)).toEqual(rows[3]);
  });

  it('reads the worded layout (Provider Last Name, Facility Name, City/Town, ZIP Code) through the same column map', async () => {
    const rows = await all(dacNationalParser, fixture('DAC_NationalDownloadableFile_2025-04.csv'));
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatchObject({
      npi: '1694038252',
      clinician: {
        last_name: 'FENWICK',
        org_name: 'NORTH SHORE CARDIOLOGY LLC',
        org_pac_id: '6610004455',
        address: { city: 'SALEM', state: 'MA', zip: '01970', zip5: '01970' },
        phone: '9785550142',
        hospital_affiliations: [],
      },
    });
  });

  it('keeps a ZIP of another length as published, without a 5-digit form (never repaired by guessing)', () => {
    expect(zipOf('64844660')).toEqual({ zip: '64844660', zip5: null });
    expect(zipOf(' 06484 ')).toEqual({ zip: '06484', zip5: '06484' });
    expect(zipOf('')).toEqual({ zip: null, zip5: null });
  });

  it('refuses a row without a 10-digit NPI and a file without the name columns, naming the line', async () => {
    const [header, first] = fixture('DAC_NationalDownloadableFile.csv').toString('utf8').split('\n');
    await expect(
      all(dacNationalParser, Buffer.from(`${header}\n${first!.replace('1203847565', '12038')}\n`)),
    ).rejects.toThrow(/line 2/);
    await expect(all(dacNationalParser, Buffer.from('NPI,foo\n1203847565,x\n'))).rejects.toThrow(/lst_nm/);
  });

  it('matches the publisher file names', () => {
    expect(NATIONAL_MATCH.test('DAC_NationalDownloadableFile.csv')).toBe(true);
    expect(FACILITY_MATCH.test('Facility_Affiliation.csv')).toBe(true);
    expect(FACILITY_MATCH.test('DAC_NationalDownloadableFile.csv')).toBe(false);
  });
});

describe('DAC facility-affiliation file', () => {
  it('reads both layouts (facility_afl_ccn / Facility Affiliations Certification Number) and every facility type', async () => {
    const old = await all(dacFacilityParser, fixture('Facility_Affiliation.csv'));
    const worded = await all(dacFacilityParser, fixture('Facility_Affiliation_2025-04.csv'));
    expect(old).toHaveLength(19);
    expect(worded).toHaveLength(18);
    expect(old.map((r) => r.facility!.facility_type)).toEqual([
      'hospital',
      'hospital',
      'nursing_home',
      'irf',
      'hospital',
      'home_health',
      'hospice',
      'dialysis',
      'ltch',
      'nursing_home',
      'hospital',
      'hospital',
      // Lakeshore Health's clinicians (140900, 140902): /quality/systems/{system_id}.
      ...Array(7).fill('hospital'),
    ]);
    expect(old[3]).toMatchObject({
      hospital_ccn: null,
      facility: { ccn: '36T999', parent_ccn: '360999', facility_type_published: 'Inpatient rehabilitation facility' },
    });
    expect(old[0]).toMatchObject({ hospital_ccn: '360999', facility: { last_name: 'OYELARAN' } });
    expect(worded[3]).toMatchObject({ facility: { ccn: '36T999', parent_ccn: '360999', last_name: 'OYELARAN' } });
    expect(worded[11]).toMatchObject({ npi: '1215000401', hospital_ccn: '360999' });
    expect(worded.at(-1)).toMatchObject({ npi: '1215000500', hospital_ccn: '140902' });
  });
});

describeWithSamples('DAC national file real sample', samplePath('cms_dac'), () => {
  // The copy's zip column lost its leading zeros and phn_numbr went through a spreadsheet (2.12689E+12):
  // PROVENANCE.md. Nothing here asserts on ZIPs or phone numbers.
  it('parses every row of the real 2021 slice (386 rows, 371 NPIs), reading columns by name', async () => {
    const bytes = fs.readFileSync(samplePath('cms_dac', 'DAC_NationalDownloadableFile.csv'));
    const rows = await all(dacNationalParser, bytes);
    expect(rows).toHaveLength(386);
    expect(new Set(rows.map((r) => r.npi)).size).toBe(371);
    expect(rows.every((r) => /^\d{10}$/.test(r.npi) && r.clinician!.last_name && r.clinician!.address.state)).toBe(
      true,
    );
    expect(rows[0]).toMatchObject({
      npi: '1215911011',
      clinician: {
        last_name: 'PEREZ-RODRIGUEZ',
        primary_specialty: 'INTERNAL MEDICINE',
        hospital_affiliations: [
          { ccn: '100018', name: 'NAPLES COMMUNITY HOSPITAL' },
          { ccn: '100286', name: 'PHYSICIANS REGIONAL MEDICAL CENTER - PINE RIDGE' },
        ],
        individual_assignment: 'Y',
        address_id: 'FL341081869NA870XXNXXX405',
      },
    });
    // A quoted value with a comma stays one field; the slice has no group rows (org_pac_id empty throughout).
    expect(rows.find((r) => r.npi === '1215905625')!.clinician!.primary_specialty).toBe('PSYCHOLOGIST, CLINICAL');
    expect(rows.every((r) => r.clinician!.org_pac_id === null)).toBe(true);
    expect(await findByLocator(dacNationalParser, bytes, rows[100]!.locator)).toEqual(rows[100]);
  });
});
