import * as fs from 'node:fs';
import { renderText } from '../../../shared/archive/text';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { buildPdf } from '../../../tests/helpers/pdf-builder';
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
import { tnTable } from './table';

const SOURCE = 'state_exclusions_tn';
const FILE = 'terminatedproviderlist.pdf';
const HEADER = 'Last Name   First Name   NPI   Begin Date   Reason   End Date';

/** The tally of a PDF's rendering, read the way the layout reads it (the archive's text renderer). */
async function tallyOf(file: string) {
  const { text } = await renderText({ bytes: fs.readFileSync(file), name: FILE });
  return tnTable(text, 'tn').tally;
}

describe('TennCare PDF layout on the fixtures', () => {
  it('rebuilds rows across pages: wrapped names, repeated headers and footers, cells pdf.js ran together', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows.map((r) => [r.name, r.locator.line])).toEqual([
      ['Hollister, Dana M.', 3],
      ['Okafor-Reyes, Chidi', 4],
      ['Ridgeview Home Health, LLC', 5],
      ['Cumberland Plateau Behavioral Health Associates of Middle Tennessee', 6],
      ['Vance, Theodore J.', 11],
      ['Prewitt, Lorna', 12],
      ['Sequatchie Valley Medical Transport', 13],
    ]);
    expect(byName(rows, /Hollister/)).toMatchObject({
      entity_type: 'individual',
      last_name: 'Hollister',
      first_name: 'Dana',
      middle_name: 'M.',
      npis: ['1588624043'],
      start_date: '2021-01-14',
      action: 'Felony conviction',
      list_state: 'TN',
    });
    expect(byName(rows, /Okafor/)).toMatchObject({ start_date: '2022-03-02', end_date: '2025-03-02' });
    expect(byName(rows, /Cumberland/)).toMatchObject({
      entity_type: 'organization',
      organization_name: 'Cumberland Plateau Behavioral Health Associates of Middle Tennessee',
      npis: ['1467239012'],
      action: 'Failure to disclose required information',
    });
    expect(byName(rows, /Vance/)).toMatchObject({
      first_name: 'Theodore',
      npis: ['1245876036'],
      start_date: '2023-11-09',
    });
    expect(byName(rows, /Prewitt/)).toMatchObject({ npis: [], npi_text: null, start_date: '2024-02-05' });
    expect(byName(rows, /Sequatchie/)).toMatchObject({ end_date: '2029-12-12', end_note: null });
  });

  it('accounts for every line of the rendering', async () => {
    expect(await tallyOf(fixturePath(SOURCE, FILE))).toEqual({
      pages: 2,
      lines: 14,
      blank: 0,
      columnHeaders: 2,
      furniture: 4,
      rowLines: 7,
      wrapped: 1,
      rows: 7,
    });
  });

  it('never takes a line with a date or an NPI for page furniture, even when every page repeats its shape', () => {
    // The same person listed on both pages without an NPI (other dates): two rows, not a page header.
    const page1 = [HEADER, 'Smith   John   1/2/2020 Fraud', 'Page 1 of 2'];
    const page2 = [HEADER, 'Smith   John   3/4/2021 Fraud', 'Page 2 of 2'];
    const { rows, tally } = tnTable(`${page1.join('\n')}\f${page2.join('\n')}`, 'tn');
    expect(rows.map((r) => [r.last, r.begin])).toEqual([
      ['Smith', '1/2/2020'],
      ['Smith', '3/4/2021'],
    ]);
    expect(tally).toMatchObject({ rows: 2, furniture: 2, columnHeaders: 2 });
    // A line holding only an NPI is not a page number: it is read (here refused), never dropped.
    expect(() => tnTable([HEADER, '1720385016', 'Smith   John   1/2/2020 Fraud'].join('\n'), 'tn')).toThrow();
  });

  it('reads a page without the repeated column header as more of the table, and placeholder NPI cells', () => {
    const page1 = [HEADER, 'Marlow   Jean   N/A   1/14/2021 Felony conviction', 'Page 1 of 2'];
    const page2 = [
      'Dunmore Family',
      'Clinic   1720385016   3/2/2022 Violation of the contract.   3/2/2025',
      'Page 2 of 2',
    ];
    const { rows, tally } = tnTable(`${page1.join('\n')}\f${page2.join('\n')}`, 'tn');
    expect(rows).toEqual([
      {
        line: 2,
        last: 'Marlow',
        first: 'Jean',
        npi: 'N/A',
        begin: '1/14/2021',
        reason: 'Felony conviction',
        end: null,
      },
      {
        line: 4,
        last: 'Dunmore Family Clinic',
        first: null,
        npi: '1720385016',
        begin: '3/2/2022',
        reason: 'Violation of the contract.',
        end: '3/2/2025',
      },
    ]);
    expect(tally).toMatchObject({ pages: 2, lines: 6, columnHeaders: 1, furniture: 2, wrapped: 1, rows: 2 });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it.each([
    [
      'a line no row takes',
      [HEADER, 'Marlow   Jean   1588624043   1/14/2021 Felony conviction', 'Dunmore Clinic'],
      /line 3: "Dunmore Clinic" is not part of any row/,
    ],
    [
      'wrapped text above a person (a wrapped Reason, not a name)',
      [
        HEADER,
        'Harlan   Ruth   1588624043   1/14/2021 Failure to respond to requests for',
        'records on Tenncare patients',
        'Marlow   Jean   1720385016   3/2/2022 Felony conviction',
      ],
      /line 3: "records on Tenncare patients" is not part of any row: wrapped text above a row with a First Name/,
    ],
    [
      'a row that lost its NPI and date',
      [HEADER, 'Marlow   Jean   Felony conviction'],
      /line 2: "Marlow Jean Felony conviction" is not part of any row/,
    ],
    [
      'a column the layout does not know',
      [`${HEADER}   Provider Type`],
      /line 1: column header .*this layout reads Last Name First Name NPI/,
    ],
    [
      'three name cells',
      [HEADER, 'Marlow   Jean   Ann   1588624043   1/14/2021 Felony conviction'],
      /line 2: more name cells/,
    ],
    [
      'a row before the column header',
      ['Marlow   Jean   1588624043   1/14/2021 Felony conviction', HEADER],
      /line 1: a row above the column header/,
    ],
    [
      'no column header at all',
      ['List of Providers Terminated by TennCare'],
      /line 1: no column header \(Last Name First Name NPI/,
    ],
    [
      'a dated line with no NPI and no reason',
      [HEADER, 'Printed   5/1/2025'],
      /line 2: a row with neither an NPI nor a reason/,
    ],
  ])('fails naming the line on %s, never dropping it', (_label, lines, error) => {
    expect(() => tnTable(lines.join('\n'), 'tn')).toThrow(error);
  });

  it('fails on a PDF line that fits no row, and on bytes that are not a PDF', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    const pdf = buildPdf([
      [HEADER, 'Marlow   Jean   1588624043   1/14/2021 Felony conviction', 'Dunmore   Felony conviction'],
    ]);
    await expect(collect(layout, pdf)).rejects.toThrow(
      /state_exclusions_tn\/terminated-pdf: line 3: .*not part of any row/,
    );
    const bad = buildPdf([[HEADER, 'Marlow   Jean   1588624043   13/45/2021 Felony conviction']]);
    await expect(collect(layout, bad)).rejects.toThrow(/line 2: unreadable date/);
    await expect(collect(layout, Buffer.from('Last Name,First Name\n'))).rejects.toThrow(
      /not a readable PDF \(rendered as text\)/,
    );
  });
});

/*
 * The real list (April 2016): one landscape page, the column header and 11 rows, no page furniture.
 * The 11 was counted outside this code, with poppler (not pdf.js): `pdftotext -layout
 * terminatedproviderlist.pdf -` prints 12 lines besides the closing form feed, the header and 11
 * holding an M/D/YYYY date (`grep -cE '[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}'` gives 11), with 11 ten-digit
 * NPIs (`grep -oE '\b[0-9]{10}\b' | wc -l`); one row, Blankenship, has an End Date. The rows below
 * were checked by hand against that output and against the PDF as displayed.
 */
describeWithSamples('TennCare PDF layout on the real list', samplePath('state_exclusions_tn'), () => {
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 11));

  it('accounts for every line: the column header and one line per row', async () => {
    expect(await tallyOf(samplePath(SOURCE, FILE))).toEqual({
      pages: 1,
      lines: 12,
      blank: 0,
      columnHeaders: 1,
      furniture: 0,
      rowLines: 11,
      wrapped: 0,
      rows: 11,
    });
  });

  it('reads names, NPIs and dates the way the list prints them (checked by hand)', async () => {
    const tn = await sampleRows(SOURCE, FILE);
    expect(tn.filter((r) => r.entity_type === 'individual')).toHaveLength(8);
    expect(tn.filter((r) => r.entity_type === 'organization')).toHaveLength(3);
    expect(tn[0]).toMatchObject({
      name: 'Foster, Allen R.',
      last_name: 'Foster',
      first_name: 'Allen',
      middle_name: 'R.',
      npis: ['1326132572'],
      start_date: '2012-03-20',
      end_date: null,
      action: 'Felony conviction',
      locator: { line: 2, record: 1 },
    });
    expect(tn[2]).toMatchObject({
      last_name: 'Toles',
      first_name: 'Mechell',
      npis: ['1083785653'],
      start_date: '2014-04-05',
    });
    expect(byName(tn, /Blankenship/)).toMatchObject({
      first_name: 'Brad',
      npis: ['1427090562'],
      start_date: '2015-07-30',
      end_date: '2018-07-30',
      action: 'Failure to respond to requests for records on Tenncare patients',
    });
    expect(byName(tn, /Cumberland/)).toMatchObject({
      entity_type: 'organization',
      organization_name: 'Cumberland Neurology, LLC',
      first_name: null,
      npis: ['1407898018'],
      start_date: '2015-09-17',
    });
    // NPI, date and reason are one text run in the PDF (`1043631401 10/30/2015 Failure to …`).
    expect(byName(tn, /Clabough/)).toMatchObject({
      first_name: 'Kenneth',
      npis: ['1043631401'],
      start_date: '2015-10-30',
      action: 'Failure to disclose required information',
    });
    expect(tn.at(-1)).toMatchObject({
      name: 'The Rainbow Center of Children & Adolescent',
      entity_type: 'organization',
      npis: ['1073705141'],
      start_date: '2016-03-31',
      action: 'Violation of the contract.',
      locator: { line: 12, record: 11 },
    });
  });
});
