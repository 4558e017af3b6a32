import { codeSystem, isCptCode, normalizeCode } from '../../shared/codes/hcpcs';
import { isValidNpi, npiCheckDigit } from '../../shared/codes/npi';
import { isStateCode } from '../../shared/codes/states';

describe('code shapes', () => {
  it.each([
    ['E0601', 'hcpcs_level2'],
    ['K0001', 'hcpcs_level2'],
    ['99213', 'cpt'],
    ['0001U', 'cpt'],
    ['1036F', 'cpt'],
    ['0075T', 'cpt'],
  ])('%s is %s', (code, system) => expect(codeSystem(code)).toBe(system));

  it.each(['E060', 'E06011', 'W0601', 'e0601x', '9921', '0001X', '', 'E0601 '])('%j is not a code', (code) =>
    expect(codeSystem(code)).toBeUndefined(),
  );

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
