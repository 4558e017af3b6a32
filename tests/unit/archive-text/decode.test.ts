import { decodeWindows1252 } from '../../../shared/archive/text/cp1252';
import { decodeText, normalizeEncodingLabel } from '../../../shared/archive/text/decode';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

describe('decodeText', () => {
  it('reads UTF-8 without a byte-order mark', () => {
    expect(decodeText(Buffer.from('Caf\u00e9 \u00a7 5', 'utf8'))).toEqual({
      encoding: 'utf-8',
      text: 'Caf\u00e9 \u00a7 5',
    });
  });

  it('strips a UTF-8 byte-order mark from the text', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('"Last Name",x\r\n')]);
    expect(decodeText(bytes)).toEqual({ encoding: 'utf-8', text: '"Last Name",x\r\n' });
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8, mapping 0x80-0x9F per cp1252', () => {
    const bytes = Buffer.from([0x41, 0x96, 0x42, 0x20, 0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0xa0, 0xe9]);
    expect(decodeText(bytes)).toEqual({ encoding: 'windows-1252', text: 'A\u2013B \u20ac \u201cq\u201d \u00a0\u00e9' });
  });

  it('renders Latin-1 bytes declared as UTF-8 by falling back (wrong declaration)', () => {
    const r = decodeText(latin1('"Out of State\u00a0(NY)"'), 'utf-8');
    expect(r).toEqual({ encoding: 'windows-1252', text: '"Out of State\u00a0(NY)"' });
  });

  it('prefers valid UTF-8 over a wrong Latin-1 declaration', () => {
    expect(decodeText(Buffer.from('\u00a7 1.2', 'utf8'), 'iso-8859-1')).toEqual({
      encoding: 'utf-8',
      text: '\u00a7 1.2',
    });
  });

  it('honours another declared encoding when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from([0x82, 0xa0]), 'Shift_JIS')).toEqual({ encoding: 'shift_jis', text: '\u3042' });
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('NPI,Name', 'utf16le')]);
    expect(decodeText(le)).toEqual({ encoding: 'utf-16le', text: 'NPI,Name' });
  });

  it('decodes an empty file to empty text with no encoding', () => {
    expect(decodeText(Buffer.alloc(0))).toEqual({ encoding: null, text: '' });
  });

  it('never yields a replacement character, whatever the bytes', () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    for (const declared of [undefined, 'utf-8', 'latin1', 'windows-1252', 'bogus-label']) {
      const r = decodeText(every, declared);
      expect(r.text).not.toContain('\uFFFD');
      expect(r.text).toHaveLength(256);
    }
  });

  it('maps the five bytes cp1252 leaves undefined to the C1 control of the same value (WHATWG)', () => {
    expect([...decodeWindows1252(Buffer.from([0x81, 0x8d, 0x8f, 0x90, 0x9d]))].map((c) => c.charCodeAt(0))).toEqual([
      0x81, 0x8d, 0x8f, 0x90, 0x9d,
    ]);
  });

  it('normalises encoding labels and rejects unknown ones', () => {
    expect(normalizeEncodingLabel('ISO-8859-1')).toBe('windows-1252');
    expect(normalizeEncodingLabel('UTF8')).toBe('utf-8');
    expect(normalizeEncodingLabel('no-such-charset')).toBeNull();
  });
});
