import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import {
  byName,
  declaredLayout,
  expectSampleConforms,
  expectStreamsAndReplays,
  fixtureRows,
  sampleRows,
} from '../../../tests/helpers/state-lists';
import { collect } from '../../../tests/unit/publishers/helpers';

const SOURCE = 'state_exclusions_la';
const FILE = 'Louisiana list.csv';

describe('LDH adverse actions layout on the fixtures', () => {
  it('created-on line and comma-and-space header skipped, people and entities, DOBs', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      name: 'Corinne Adele Thibodeaux',
      entity_type: 'individual',
      first_name: 'Corinne',
      middle_name: 'Adele',
      last_name: 'Thibodeaux',
      dob: '1971-03-09',
      provider_type: 'LPN',
      action: 'OIG: 1128b4',
      start_date: '2024-06-20',
      end_date: null,
      end_note: 'Indef',
      state: 'LA',
      locator: { line: 3, record: 1 },
    });
    expect(byName(rows, /Delahoussaye/)).toMatchObject({
      last_name: 'Delahoussaye',
      npis: [],
      npi_text: 'NRF',
      start_date: '2020-02-03',
      end_date: '2025-02-03',
      city: 'Opelousas',
      zip: '70570',
    });
    expect(byName(rows, /Bayou/)).toMatchObject({
      entity_type: 'organization',
      organization_name: 'Bayou Crescent Home Health, LLC',
      npis: ['1472580368'],
    });
    expect(byName(rows, /Broussard/)).toMatchObject({ start_date: null, end_date: null, city: 'Natchez', state: 'MS' });
    expect(byName(rows, /Guidry/)).toMatchObject({
      first_name: 'Émile',
      other_names: ['Acadiana Rehab Partners'],
      action: 'State: § 14:93.4 Exploitation of the Infirmed',
    });
    expect(byName(rows, /Fontenot/)).toMatchObject({
      action: 'Termination: Failure to disclose ownership',
      end_note: '10 yrs',
      npis: ['1369258144'],
    });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads the export under its endpoint name, with columns reordered or renamed', async () => {
    const csv =
      'First Name, Last Name/Entity Name, Effective Date, NPI#, Date of Birth\r\n' +
      '"Corinne","Thibodeaux","6/20/2024 12:00:00 AM","1472580368","3/9/1971 12:00:00 AM"\r\n';
    const rows = await collect(declaredLayout(SOURCE, 'GetCsv'), Buffer.from(csv), { fileName: 'GetCsv' });
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Corinne Thibodeaux',
        npis: ['1472580368'],
        dob: '1971-03-09',
        start_date: '2024-06-20',
        locator: { line: 2, record: 1 },
      }),
    ]);
  });

  it('a file that is not the layout fails naming the problem, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    const noDate = 'Document created on: 7/1/2025\r\nFirst Name, Last Name or Entity Name, NPI#\r\n"A","B",""\r\n';
    await expect(collect(layout, Buffer.from(noDate))).rejects.toThrow(/line 2: missing column "Effective Date"/);
    const badDate = 'First Name, Last Name or Entity Name, Effective Date\r\n"A","B","31/31/2020 12:00:00 AM"\r\n';
    await expect(collect(layout, Buffer.from(badDate))).rejects.toThrow(/line 2: unreadable date/);
    const noHeader = Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\r\n');
    await expect(collect(layout, Buffer.from(noHeader))).rejects.toThrow(/line 10: no header with First Name/);
  });
});

describeWithSamples('LDH adverse actions layout on the real list', samplePath(SOURCE), () => {
  // 300: the file has 303 CRLF lines: the created-on line, the header, 300 records (none spans two
  // lines) and the empty line it ends with. Counted with Python's csv module, outside this code:
  // records after the header with a non-empty field (the provenance note also says 300 kept).
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 300));

  it('reads names, identifiers and dates the way the list prints them (checked by hand)', async () => {
    const la = await sampleRows(SOURCE, FILE);
    // First record (line 3).
    expect(la[0]).toMatchObject({
      name: 'Floyd Eric Holmes',
      entity_type: 'individual',
      first_name: 'Floyd',
      middle_name: 'Eric',
      last_name: 'Holmes',
      dob: '1962-05-21',
      provider_type: 'Nurse Aide',
      action: 'State: Simple Battery',
      start_date: '2003-01-17',
      end_note: '5 Yrs',
      locator: { line: 3, record: 1 },
    });
    // An entity: no first name, NPI `NRF`.
    expect(la.find((r) => r.locator.line === 25)).toMatchObject({
      name: 'Reliable HHCare, Inc',
      entity_type: 'organization',
      npis: [],
      npi_text: 'NRF',
      action: 'OIG',
      start_date: '2003-02-20',
      end_note: 'Indefinitely',
    });
    // A reinstated physician with an NPI.
    expect(la.find((r) => r.locator.line === 29)).toMatchObject({
      name: 'John Winston Reeves',
      npis: ['1396737540'],
      dob: '1956-09-18',
      provider_type: 'M.D.',
      start_date: '2003-03-16',
      end_date: '2003-04-25',
    });
    // An entity with an NPI.
    expect(la.find((r) => r.locator.line === 238)).toMatchObject({
      name: 'Extended Family Health Care',
      entity_type: 'organization',
      npis: ['1609051127'],
      start_date: '2009-08-28',
    });
    // An address with the state written out.
    expect(la.find((r) => r.locator.line === 244)).toMatchObject({
      name: 'Frederick Dewey Belcher',
      dob: '1951-04-01',
      city: 'Ozark',
      state: 'AL',
      zip: '36360',
      start_date: '2012-03-01',
    });
    // Last record (line 302).
    expect(la.at(-1)).toMatchObject({
      name: 'Mia Richardson Reed',
      last_name: 'Reed',
      dob: '1979-04-26',
      provider_type: 'P.C.A',
      action: 'OIG: 1128(a)(1)',
      start_date: '2012-04-20',
      locator: { line: 302, record: 300 },
    });
  });
});
