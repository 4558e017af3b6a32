import { headerKey } from '../../../shared/datasets/cms_mssp_puf/layouts';
import { nameKey, normalizeAcoId, stateCodes, trackSlug } from '../../../shared/vbc/mssp-rows';

describe('MSSP row helpers', () => {
  it('compares ACO names without case, punctuation and legal-form words', () => {
    expect(nameKey('Lakeshore Accountable Care Partners, LLC')).toBe(
      nameKey('LAKESHORE ACCOUNTABLE CARE PARTNERS LLC'),
    );
    expect(nameKey('The Granite Valley ACO, Inc.')).toBe('GRANITE VALLEY ACO');
    expect(nameKey('Smith & Jones ACO')).toBe('SMITH AND JONES ACO');
  });

  it('normalizes tracks of every year to one slug', () => {
    expect([
      trackSlug('Track1'),
      trackSlug('Track 2'),
      trackSlug('E'),
      trackSlug('BASIC Level B'),
      trackSlug('ENHANCED'),
    ]).toEqual(['track_1', 'track_2', 'basic_e', 'basic_b', 'enhanced']);
    expect(trackSlug('')).toBeNull();
  });

  it('reads state lists as names or codes', () => {
    expect(stateCodes('Pennsylvania,  New York,  Connecticut')).toEqual(['PA', 'NY', 'CT']);
    expect(stateCodes('NH, VT')).toEqual(['NH', 'VT']);
    expect(stateCodes('Atlantis')).toEqual([]);
  });

  it('accepts ACO IDs of 4 or 5 digits, and drops only footnote numbers from header names', () => {
    expect(normalizeAcoId(' a1101 ')).toBe('A1101');
    expect(normalizeAcoId('A67373')).toBe('A67373');
    expect(normalizeAcoId('A12')).toBeNull();
    expect(headerKey('Generated Savings/Losses1,2')).toBe('generated savings/losses');
    expect(headerKey(' Quality Score6')).toBe('quality score');
    expect(headerKey('ACO-1')).toBe('aco-1');
  });
});
