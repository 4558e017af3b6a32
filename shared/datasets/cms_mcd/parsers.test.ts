import * as fs from 'node:fs';
import { readFixture } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { chunked, collect, expectReplayable } from '../../../tests/unit/publishers/helpers';
import type { Located, PublisherParser } from '../../publishers/common/types';
import {
  type McdCodeRecord,
  mcdArticleCodeGroupParser,
  mcdArticleCodeParser,
  mcdLcdCodeGroupParser,
  mcdLcdCodeParser,
} from './code-lists';
import {
  mcdArticleContractorParser,
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
  mcdStateParser,
} from './contractors';
import { mcdArticleParser, mcdLcdParser } from './documents';
import { contractorStates, listingsFor, listsCode, type McdListing, type McdReleaseTables, uspsState } from './join';

const read = <R extends Located>(p: PublisherParser<R>, release: string, table: string) =>
  collect(p, readFixture('cms_mcd', release, `${table}.csv`));

/** One release's tables, with the contractor tables taken from the latest release that has them. */
async function release(folder: '2025-01' | '2025-04' | '2025-07') {
  const jurisdictionRelease = folder === '2025-07' ? '2025-07' : '2025-01';
  const shared = {
    contractors: await read(mcdContractorParser, '2025-01', 'contractor'),
    states: await read(mcdStateParser, '2025-01', 'state_lookup'),
    jurisdictions: await read(mcdJurisdictionParser, jurisdictionRelease, 'contractor_jurisdiction'),
  };
  const lcd: McdReleaseTables & { codes: McdCodeRecord[] } = {
    ...shared,
    docType: 'lcd',
    documents: await read(mcdLcdParser, folder, 'lcd'),
    groups: await read(mcdLcdCodeGroupParser, folder, 'lcd_x_hcpc_code_group'),
    docContractors: await read(mcdLcdContractorParser, folder, 'lcd_x_contractor'),
    codes: await read(mcdLcdCodeParser, folder, 'lcd_x_hcpc_code'),
  };
  const article: McdReleaseTables & { codes: McdCodeRecord[] } = {
    ...shared,
    docType: 'article',
    documents: await read(mcdArticleParser, folder, 'article'),
    groups: await read(mcdArticleCodeGroupParser, folder, 'article_x_hcpc_code_group'),
    docContractors: await read(mcdArticleContractorParser, folder, 'article_x_contractor'),
    codes: await read(mcdArticleCodeParser, folder, 'article_x_hcpc_code'),
  };
  return { lcd, article };
}

type Release = Awaited<ReturnType<typeof release>>;
const listings = (r: Release, code: string, state: string, at: string) => [
  ...listingsFor(r.article, code, state, at),
  ...listingsFor(r.lcd, code, state, at),
];
const labels = (l: McdListing[]) => l.map((x) => `${x.value.display_id} v${x.value.doc_version}`);

describe('MCD tables (fixtures)', () => {
  it('reads lcd.csv by column name: ids, version, display id, title, dates', async () => {
    const lcds = await read(mcdLcdParser, '2025-04', 'lcd');
    expect(lcds[0]).toEqual({
      lcd_id: 39901,
      lcd_version: 6,
      display_id: 'L39901',
      title: 'Positive Airway Pressure (PAP) Devices for the Treatment of Obstructive Sleep Apnea',
      determination_number: null,
      status: 'A',
      original_effective_date: '2019-10-01',
      revision_effective_date: '2025-04-01',
      revision_end_date: null,
      end_date: null,
      date_retired: null,
      last_updated: '2025-03-21 09:15:40.120000000',
      locator: { line: 2, record: 1 },
    });
    // The keywords cell holds a line break, so the second LCD starts on line 4.
    expect(lcds[1]!.locator).toEqual({ line: 4, record: 2 });
  });

  it('reads article.csv', async () => {
    const arts = await read(mcdArticleParser, '2025-01', 'article');
    expect(arts[0]).toMatchObject({
      article_id: 59901,
      article_version: 7,
      display_id: 'A59901',
      article_type: 1,
      title: 'Positive Airway Pressure (PAP) Devices - Policy Article',
      published_date: '2019-09-12',
      effective_date: '2024-01-01',
      end_date: null,
      revision_end_date: null,
    });
  });

  it('keeps Level II descriptions and drops the CPT descriptor of 95811', async () => {
    const codes = await read(mcdLcdCodeParser, '2025-01', 'lcd_x_hcpc_code');
    const cpt = codes.find((c) => c.code === '95811')!;
    expect(cpt).toMatchObject({
      doc_type: 'lcd',
      doc_id: 39902,
      doc_version: 3,
      long_description: null,
      short_description: null,
    });
    expect(codes.find((c) => c.code === 'E0601')).toMatchObject({
      doc_id: 39901,
      doc_version: 5,
      code_version: 99,
      code_group: 1,
      range: false,
      long_description: 'CONTINUOUS POSITIVE AIRWAY PRESSURE (CPAP) DEVICE',
      short_description: 'Cont airway pressure device',
      last_updated: '2024-12-20 14:02:11',
    });
    expect(mcdLcdCodeParser.codesOf(cpt)).toEqual(['95811']);
  });

  it('decodes the Windows-1252 code-group paragraphs (en dash, right quote) and keeps their line breaks', async () => {
    const bytes = readFixture('cms_mcd', '2025-04', 'lcd_x_hcpc_code_group.csv');
    const groups = await collect(mcdLcdCodeGroupParser, bytes);
    expect(groups[0]!.paragraph).toContain(
      '<p>KX \u2013 Requirements specified in the medical policy have been met</p>\n<p>RR',
    );
    expect(groups[1]).toMatchObject({
      doc_id: 39901,
      doc_version: 6,
      code_group: 2,
      paragraph:
        '<p>GROUP 2 CODES: interfaces (masks) and supplies \u2013 the supplier\u2019s records must show the replacement schedule</p>\n<p>K1036 is not valid for dates of service on or after 05/15/2025.</p>',
      locator: { line: 7, record: 2 },
    });
    expect(await collect(mcdLcdCodeGroupParser, chunked(bytes, 11))).toEqual(groups);
    await expectReplayable(mcdLcdCodeGroupParser, bytes, groups);
    const articleGroups = await read(mcdArticleCodeGroupParser, '2025-01', 'article_x_hcpc_code_group');
    expect(articleGroups[1]).toMatchObject({ doc_type: 'article', code_group: 2, paragraph: null });
  });

  it('maps contractors to the states they serve, through state_lookup sub-state areas', async () => {
    const states = await read(mcdStateParser, '2025-01', 'state_lookup');
    const q1 = contractorStates(await read(mcdJurisdictionParser, '2025-01', 'contractor_jurisdiction'), states);
    expect(q1.get(911)).toEqual(['MA', 'NJ', 'NY', 'PA']);
    expect(q1.get(912)).toEqual(['IL', 'IN', 'MI', 'OH']);
    const q3rows = await read(mcdJurisdictionParser, '2025-07', 'contractor_jurisdiction');
    expect(contractorStates(q3rows, states, '2025-08-01').get(912)).toContain('MO');
    expect(contractorStates(q3rows, states, '2025-06-30').get(912)).not.toContain('MO');
    expect(uspsState('DN')).toBe('NY');
    const contractors = await read(mcdContractorParser, '2025-01', 'contractor');
    expect(contractors[0]).toMatchObject({
      contractor_id: 911,
      contractor_type_id: 10,
      business_name: 'Keystone Durable Medical Administrators, LLC',
    });
  });

  it('answers which LCDs and articles list a code for the contractor serving a state, per release', async () => {
    const q1 = await release('2025-01');
    const inNy = listings(q1, 'E0601', 'NY', '2025-01-01');
    expect(inNy.map((l) => [l.value.display_id, l.value.doc_version, l.value.title, l.value.contractors])).toEqual([
      [
        'A59901',
        7,
        'Positive Airway Pressure (PAP) Devices - Policy Article',
        expect.arrayContaining([expect.objectContaining({ contractor_id: 911, states: ['MA', 'NJ', 'NY', 'PA'] })]),
      ],
      [
        'L39901',
        5,
        'Positive Airway Pressure (PAP) Devices for the Treatment of Obstructive Sleep Apnea',
        expect.arrayContaining([expect.objectContaining({ contractor_id: 911 })]),
      ],
    ]);
    expect(inNy[1]!.code_row.locator).toEqual({ line: 3, record: 2 });
    expect(listings(q1, 'E0601', 'FL', '2025-01-01')).toEqual([]);
    expect(listings(q1, 'E0601', 'MO', '2025-01-01')).toEqual([]);
    expect(labels(listings(q1, 'K1036', 'OH', '2025-01-01'))).toEqual(['L39901 v5']);
    expect(
      listings(q1, '95811', 'TX', '2025-01-01').map((l) => [l.value.display_id, l.code_row.long_description]),
    ).toEqual([['L39902', null]]);

    const q2 = await release('2025-04');
    expect(labels(listings(q2, 'E0561', 'PA', '2025-04-01'))).toEqual(['A59901 v8', 'L39901 v6']);
    // Both revisions of L39903 are in the April release; the join lists both, the date picks one.
    expect(labels(listings(q2, 'K0001', 'NY', '2025-04-01'))).toEqual(['A59903 v4', 'L39903 v12', 'L39903 v13']);
    const q3 = await release('2025-07');
    expect(listings(q3, 'K1036', 'OH', '2025-07-01')).toEqual([]);
    expect(labels(listings(q3, 'E0601', 'MO', '2025-07-01'))).toEqual(['A59901 v8', 'L39901 v7']);
    expect(labels(listings(q3, 'E0601', 'MO', '2025-06-30'))).toEqual([]);
  });

  it('matches FROM-TO range rows only when the range flag is set', () => {
    const base = { doc_type: 'lcd' as const, doc_id: 1, doc_version: 1, code_version: null, code_group: 1 };
    const row = {
      ...base,
      code: 'E0600-E0605',
      range: true,
      long_description: null,
      short_description: null,
      last_updated: null,
      locator: { line: 2, record: 1 },
    };
    expect(listsCode(row, 'E0601')).toBe(true);
    expect(listsCode(row, 'E0610')).toBe(false);
    expect(listsCode({ ...row, range: false }, 'E0601')).toBe(false);
  });

  it('fails when a required column is missing', async () => {
    await expect(collect(mcdLcdParser, Buffer.from('lcd_id,title\n1,x\n'))).rejects.toThrow(
      /missing column "lcd_version"/,
    );
  });
});

describeWithSamples('MCD conformance (real samples)', samplePath('cms_mcd'), () => {
  const bytes = (name: string) => fs.readFileSync(samplePath('cms_mcd', name));

  it('parses every record with the counts of PROVENANCE.md', async () => {
    expect(await collect(mcdLcdCodeParser, bytes('lcd_x_hcpc_code.csv'))).toHaveLength(300);
    expect(await collect(mcdLcdContractorParser, bytes('lcd_x_contractor.csv'))).toHaveLength(300);
    expect(await collect(mcdArticleCodeGroupParser, bytes('article_x_hcpc_code_group.csv'))).toHaveLength(150);
    expect(await collect(mcdContractorParser, bytes('contractor.csv'))).toHaveLength(120);
    // "all" in PROVENANCE.md: counted independently as 104 and 63 records.
    expect(await collect(mcdLcdCodeGroupParser, bytes('lcd_x_hcpc_code_group.csv'))).toHaveLength(104);
    expect(await collect(mcdStateParser, bytes('state_lookup.csv'))).toHaveLength(63);
  });

  it('spot-checks exact rows', async () => {
    const codes = await collect(mcdLcdCodeParser, bytes('lcd_x_hcpc_code.csv'));
    expect(codes[0]).toEqual({
      doc_type: 'lcd',
      doc_id: 33312,
      doc_version: 40,
      code: 'A9900',
      code_version: 99,
      code_group: 4,
      range: false,
      long_description: 'MISCELLANEOUS DME SUPPLY, ACCESSORY, AND/OR SERVICE COMPONENT OF ANOTHER HCPCS CODE',
      short_description: 'Supply/accessory/service',
      last_updated: '2025-09-23 19:55:07',
      locator: { line: 2, record: 1 },
    });
    const contractors = await collect(mcdContractorParser, bytes('contractor.csv'));
    expect(contractors[0]).toMatchObject({
      contractor_id: 139,
      contractor_type_id: 10,
      contractor_version: 2,
      business_name: 'Noridian Healthcare Solutions, LLC',
      contractor_number: '19003',
      dmerc_region: 4,
      city: 'Fargo',
      state_id: 35,
    });
    const groups = await collect(mcdLcdCodeGroupParser, bytes('lcd_x_hcpc_code_group.csv'));
    const l33641 = groups.find((g) => g.doc_id === 33641 && g.code_group === 1)!;
    expect(l33641.paragraph).toContain('EY \u2013 No physician or ot');
    const states = await collect(mcdStateParser, bytes('state_lookup.csv'));
    expect(states.find((s) => s.state_abbrev === 'EM')).toMatchObject({
      state_id: 61,
      description: 'Missouri - Northeastern & Southern',
    });
    const articleGroups = await collect(mcdArticleCodeGroupParser, bytes('article_x_hcpc_code_group.csv'));
    expect(articleGroups[1]).toMatchObject({
      doc_id: 52370,
      doc_version: 128,
      code_group: 1,
      locator: { line: 3, record: 2 },
    });
    expect(articleGroups[1]!.paragraph).toContain('bevacizumab-adcd (Vegzelma&#174;)');
    expect(articleGroups[2]!.locator).toEqual({ line: 7, record: 3 });
  });
});
