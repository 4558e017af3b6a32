import { readFixture } from './fixtures';

/**
 * Fixture files scaled up in the publisher's own layout, for loads long enough to cut: the
 * preamble or header of the real fixture, then generated rows. Same arguments, same bytes.
 */

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/**
 * An NCCI PTP practitioner table (windows-1252, CRLF, tab-delimited) of `rows` edits: the
 * fixture's copyright, title and wrapped header, then pairs of codes (two facts per edit).
 */
export function scaledPtp(rows: number): Buffer {
  const preamble = readFixture('cms_ncci_ptp', 'ccipra-v310r0-f1.TXT').toString('latin1').split('\r\n').slice(0, 6);
  const lines = [...preamble];
  for (let i = 0; i < rows; i++) {
    const c1 = `E${pad(Math.floor(i / 40) % 10000, 4)}`;
    const c2 = `K${pad(i % 9973, 4)}`;
    const del = i % 3 === 0 ? '*' : '20201231';
    lines.push(`${c1}\t${c2}\t${i % 7 === 0 ? '*' : ''}\t20150101\t${del}\t${i % 2}\tMutually exclusive procedures`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/**
 * An NPPES npidata file (UTF-8, every value quoted) of `rows` records with distinct NPIs: the
 * fixture's header and its records as templates. Some names carry a non-ASCII letter (bytes and
 * characters differ), some addresses a quoted line break (a record over two lines), and `bom`
 * opens the file with a UTF-8 byte-order mark.
 */
export function scaledNppes(rows: number, opts: { bom?: boolean } = {}): Buffer {
  const lines = readFixture('nppes', 'npidata_pfile_20050523-20250209.csv')
    .toString('utf8')
    .split('\n')
    .filter(Boolean);
  const templates = lines.slice(1).map((l) => l.replace(/^"\d{10}"/, ''));
  const out = [lines[0]!];
  for (let i = 0; i < rows; i++) {
    let row = `"${1_000_000_000 + i}"${templates[i % templates.length]}`;
    if (i % 5 === 0) row = row.replace('"OYELARAN"', '"OYÉLARAN"');
    if (i % 11 === 0) row = row.replace('"77 RIVER RD"', '"77 RIVER RD\nSUITE 5"');
    out.push(row);
  }
  const text = Buffer.from(`${out.join('\n')}\n`, 'utf8');
  return opts.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]) : text;
}

const LAST = ['FENWICK', 'ALDER', 'BRANT', 'COLLIER', 'DUNMORE', 'ESTRADA', 'FOSSE', 'GARLAND'];
const FIRST = ['HAROLD', 'ANNA', 'BEN', 'CLARA', 'DMITRI', 'ELENA', 'FRANK', 'GWEN', 'HUGO'];

/**
 * An LEIE list (UPDATED.csv layout: unquoted header, values quoted, CRLF) of `rows` exclusions.
 * Names repeat: every third row is HAROLD FENWICK of MA, so past 600 rows his name entry holds
 * more rows than an index entry keeps (MAX_ROWS_PER_KEY), and most others share a name too.
 */
export function scaledLeie(rows: number): Buffer {
  const header =
    'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
  const out = [header];
  for (let i = 0; i < rows; i++) {
    const [last, first] = i % 3 === 0 ? ['FENWICK', 'HAROLD'] : [LAST[i % LAST.length]!, FIRST[i % FIRST.length]!];
    const day = pad((i % 28) + 1, 2);
    const f = [last, first, '', '', 'MEDICAL PRACTICE, MD', 'PULMONARY DISEASE', '', '0000000000', '19680117'];
    f.push(`${i} BEACON WAY`, 'BOSTON', 'MA', '02108', '1128a3', `202501${day}`, '00000000', '00000000', '');
    out.push(f.map((x) => `"${x}"`).join(','));
  }
  return Buffer.from(`${out.join('\r\n')}\r\n`, 'latin1');
}
