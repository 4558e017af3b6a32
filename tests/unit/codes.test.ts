import * as fs from 'node:fs';
import { codeCategory, codeSystem, descriptorLicensor, isCptCode, normalizeCode } from '../../shared/codes/hcpcs';
import { isValidNpi, npiCheckDigit } from '../../shared/codes/npi';
import { isStateCode } from '../../shared/codes/states';
import { fixturePath } from '../helpers/fixtures';

describe('code shapes', () => {
  it.each([
    ['E0601', 'hcpcs_level2'],
    ['K0001', 'hcpcs_level2'],
    ['99213', 'cpt'],
    ['0001U', 'cpt'],
    ['1036F', 'cpt'],
    ['0075T', 'cpt'],
    ['0001A', 'cpt'],
    ['0001M', 'cpt'],
    ['D0120', 'hcpcs_level2'],
  ])('%s is %s', (code, system) => expect(codeSystem(code)).toBe(system));

  it.each(['E060', 'E06011', 'W0601', 'e0601x', '9921', '', 'E0601 ', 'EE601', '0001', '00011A'])(
    '%j is not a code',
    (code) => expect(codeSystem(code)).toBeUndefined(),
  );

  it.each([
    ['E0601', 'hcpcs_level2', null],
    ['D0120', 'cdt', 'ADA'],
    ['99213', 'cpt_category_1', 'AMA'],
    ['1036F', 'cpt_category_2', 'AMA'],
    ['0591T', 'cpt_category_3', 'AMA'],
    ['0001U', 'cpt_pla', 'AMA'],
    ['0002M', 'cpt_maaa', 'AMA'],
    ['0001A', 'cpt_vaccine', 'AMA'],
    // Four digits and any other letter is still CPT's shape: a suffix the AMA adds later is accepted.
    ['0001X', 'cpt_other', 'AMA'],
  ])('%s is %s, descriptors licensed by %s', (code, category, licensor) => {
    expect(codeCategory(code)).toBe(category);
    expect(descriptorLicensor(code)).toBe(licensor);
  });

  it('accepts every code of the NCCI fixture tables (MUE and PTP rows)', () => {
    const codes = new Set<string>();
    for (const sub of ['cms_ncci_mue', 'cms_ncci_ptp']) {
      const dir = fixturePath(sub);
      for (const f of fs.readdirSync(dir).filter((n) => n !== 'manifest.json' && n !== 'README.md')) {
        for (const m of fs.readFileSync(`${dir}/${f}`, 'latin1').matchAll(/^"?([0-9A-Z]{5})"?[\t,]/gm))
          codes.add(m[1]!);
      }
    }
    expect(codes.size).toBeGreaterThan(5);
    for (const c of codes) expect([c, codeSystem(c)]).toEqual([c, expect.any(String)]);
  });

  it('normalizes case and whitespace before checking', () => {
    expect(codeSystem(normalizeCode(' e0601 '))).toBe('hcpcs_level2');
    expect(isCptCode('99213')).toBe(true);
    expect(isCptCode('E0601')).toBe(false);
  });
});

describe('NPI check digit', () => {
  it('accepts the CMS example NPI and rejects a changed check digit', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
  });
  it('rejects wrong lengths and leading digits', () => {
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('3234567893')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
  });
  it('computes the completing check digit', () => {
    expect(npiCheckDigit('123456789')).toBe('3');
    expect(isValidNpi(`155555555${npiCheckDigit('155555555')}`)).toBe(true);
  });
});

describe('states', () => {
  it('knows states and territories, not made-up codes', () => {
    expect(isStateCode('NY')).toBe(true);
    expect(isStateCode('PR')).toBe(true);
    expect(isStateCode('XX')).toBe(false);
    expect(isStateCode('ny')).toBe(false);
  });
});
