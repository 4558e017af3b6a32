import { formatNdc11, ndc11Of, parseNdc, productNdc9, tenDigitCandidates } from '../../../shared/codes/ndc';

describe('NDC normalizer', () => {
  it.each([
    ['00071015523', '00071015523', '11-digit'],
    ['0071-0155-23', '00071015523', '4-4-2'],
    ['00093-505-98', '00093050598', '5-3-2'],
    ['00904-6773-1', '00904677301', '5-4-1'],
    ['00071-0155-23', '00071015523', '5-4-2'],
    [' 0069-4200-30 ', '00069420030', '4-4-2'],
  ])('%s is ndc11 %s (%s)', (input, ndc11, form) => {
    expect(parseNdc(input)).toEqual({ kind: 'ndc11', ndc11, form });
  });

  it('a 10-digit code without hyphens is ambiguous, with its three paddings', () => {
    expect(parseNdc('0071015523')).toEqual({
      kind: 'ambiguous',
      candidates: ['00071015523', '00710015523', '00710155203'],
    });
    expect(tenDigitCandidates('1234567890')).toEqual(['01234567890', '12345067890', '12345678900']);
  });

  it.each([
    '',
    '123',
    '0071-015-23',
    '000710-155-23',
    '0071_0155_23',
    'ABCDE-1234-12',
    '000710155230',
    '00071-0155-233',
  ])('refuses %j', (input) => {
    expect(parseNdc(input).kind).toBe('invalid');
  });

  it('formats, reads product codes and package codes', () => {
    expect(formatNdc11('00071015523')).toBe('00071-0155-23');
    expect(productNdc9('0069-4200')).toBe('000694200');
    expect(productNdc9('00093-505')).toBe('000930505');
    expect(productNdc9('00904-6773')).toBe('009046773');
    expect(productNdc9('0069-420')).toBeNull();
    expect(ndc11Of('0002-0485-04')).toBe('00002048504');
    expect(ndc11Of('nope')).toBeNull();
  });
});
