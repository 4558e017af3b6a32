import * as fs from 'node:fs';
import * as path from 'node:path';
import { canonicalize } from 'json-canonicalize';
import { describeWithSamples, RFC8785_DIR } from '../../helpers/samples';

/** IEEE 754 binary64 from its 16 hex digits (big-endian), as the RFC's table writes them. */
function binary64(hex: string): number {
  return Buffer.from(hex, 'hex').readDoubleBE(0);
}

describeWithSamples('RFC 8785 reference test data (cyberphone/json-canonicalization testdata)', RFC8785_DIR, () => {
  const names = fs.readdirSync(path.join(RFC8785_DIR, 'input')).filter((f) => f.endsWith('.json'));

  it('has input files to check', () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  it.each(names)('%s canonicalizes byte for byte to output/ and outhex/', (name) => {
    const input = fs.readFileSync(path.join(RFC8785_DIR, 'input', name), 'utf8');
    const expected = fs.readFileSync(path.join(RFC8785_DIR, 'output', name));
    const hex = fs
      .readFileSync(path.join(RFC8785_DIR, 'outhex', name.replace(/\.json$/, '.txt')), 'utf8')
      .replace(/\s+/g, '')
      .toLowerCase();
    const actual = Buffer.from(canonicalize(JSON.parse(input)), 'utf8');
    expect(actual.equals(expected)).toBe(true);
    expect(actual.toString('hex')).toBe(hex);
  });
});

describe('RFC 8785 examples from the RFC text', () => {
  // Appendix B: "Number Serialization Samples" (IEEE 754 bits -> expected JSON text).
  const APPENDIX_B: [string, string][] = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];

  it.each(APPENDIX_B)('Appendix B: binary64 %s serializes as %s', (hex, expected) => {
    expect(canonicalize(binary64(hex))).toBe(expected);
    expect(canonicalize([binary64(hex)])).toBe(`[${expected}]`);
  });

  it('Appendix B: NaN and Infinity are not representable and are refused', () => {
    expect(() => canonicalize(binary64('7fffffffffffffff'))).toThrow();
    expect(() => canonicalize(binary64('7ff0000000000000'))).toThrow();
  });

  it('§3.2.3: properties sort by UTF-16 code units, non-ASCII keys included', () => {
    const input = JSON.parse(
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}',
    );
    // Read the order from the canonical text (Object.values would move the integer-like key "1").
    const order = [...canonicalize(input).matchAll(/:"([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
    expect(canonicalize(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('§3.2.4: the RFC example of the whole transformation', () => {
    const input =
      '{\n  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}';
    expect(canonicalize(JSON.parse(input))).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });
});
