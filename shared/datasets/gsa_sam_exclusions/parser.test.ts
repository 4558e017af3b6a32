import * as fs from 'node:fs';
import * as path from 'node:path';
import { chunked, collect } from '../../../tests/unit/publishers/helpers';
import { PublisherFormatError } from '../../publishers/common/errors';
import { samParser } from './parser';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));
const V2 = 'SAM_Exclusions_Public_Extract_V2_25182.CSV';
const V1 = 'SAM_Exclusions_Public_Extract_22090.CSV';

describe('SAM.gov exclusions public extract, V2', () => {
  it('reads every row as a federal exclusion, people by First/Last, the rest by Name', async () => {
    const rows = await collect(samParser, fixture(V2));
    expect(rows.map((r) => [r.entity_type, r.name])).toEqual([
      ['individual', 'Quennell, Marisol T'],
      ['individual', 'Tarrant, Oswin Jr.'],
      ['organization', 'Brightwater Durable Medical LLC'],
      ['organization', 'Northreach Trading Company'],
      ['individual', 'Okafor-Reyes, Delphine'],
      ['organization', 'MV Grey Petrel'],
    ]);
    for (const r of rows) expect([r.list, r.list_state]).toEqual(['federal', null]);
    expect(rows.map((r) => r.locator)).toEqual([2, 3, 4, 5, 6, 7].map((line, i) => ({ line, record: i + 1 })));
  });

  it('maps NPIs, addresses, dates and the action as published', async () => {
    const [quennell, tarrant, firm, foreign, okafor, vessel] = await collect(samParser, fixture(V2));
    expect(quennell).toMatchObject({
      first_name: 'Marisol',
      middle_name: 'T',
      last_name: 'Quennell',
      npis: ['1730151002'],
      npi_text: null,
      city: 'Tulsa',
      state: 'OK',
      zip: '74103',
      action: 'Prohibition/Restriction - HHS, Reciprocal',
      start_date: '2024-03-20',
      end_date: null,
      end_note: 'Indefinite',
    });
    expect(tarrant).toMatchObject({ npis: [], start_date: '2023-11-05', end_date: '2028-11-05', end_note: null });
    expect(firm).toMatchObject({
      organization_name: 'Brightwater Durable Medical LLC',
      npis: ['1730151135'],
      state: 'GA',
      action: 'Ineligible (Proceedings Completed) - HHS, Nonprocurement',
      end_date: '2030-01-15',
    });
    expect(foreign).toMatchObject({ city: 'Toronto', state: null, end_note: 'Indefinite' });
    expect(okafor).toMatchObject({ npis: [], npi_text: '173015126', end_date: null, end_note: null });
    expect(vessel).toMatchObject({ state: null, city: null });
  });

  it('gives the same rows read in tiny chunks', async () => {
    expect(await collect(samParser, chunked(fixture(V2), 5))).toEqual(await collect(samParser, fixture(V2)));
  });
});

describe('the layout family: V1 (DUNS) and column drift', () => {
  it('reads the V1 extract by name, without the UEI and flag columns', async () => {
    const rows = await collect(samParser, fixture(V1));
    expect(rows.map((r) => [r.entity_type, r.name, r.start_date, r.end_date])).toEqual([
      ['individual', 'Quennell, Marisol T', '2024-03-20', null],
      ['organization', 'Kestrel Home Infusion Inc', '2021-02-01', '2024-02-01'],
    ]);
  });

  it('reads reordered columns by name', async () => {
    const text = fixture(V2)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    const swap = (l: string) => {
      const cells = l.match(/"[^"]*"/g)!;
      [cells[0], cells[5]] = [cells[5]!, cells[0]!];
      return cells.join(',');
    };
    const rows = await collect(samParser, Buffer.from(lines.map(swap).join('\r\n')));
    expect(rows.map((r) => r.name)).toEqual((await collect(samParser, fixture(V2))).map((r) => r.name));
  });

  it.each([
    [
      'a missing required column',
      '"Classification","Name","First","Last","Excluding Agency","Active Date"\r\n',
      /Exclusion Type/,
    ],
    [
      'an unreadable date',
      `${fixture(V2).toString('utf8').split('\r\n')[0]}\r\n${fixture(V2).toString('utf8').split('\r\n')[1]!.replace('03/20/2024', '2024/20/03')}\r\n`,
      /unreadable date/,
    ],
    ['an empty file', '', /no header/],
  ])('%s is a format error', async (_n, text, message) => {
    await expect(collect(samParser, Buffer.from(text))).rejects.toThrow(PublisherFormatError);
    await expect(collect(samParser, Buffer.from(text))).rejects.toThrow(message);
  });
});
