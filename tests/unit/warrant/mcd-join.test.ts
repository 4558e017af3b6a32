import {
  type McdCodeRecord,
  mcdLcdCodeGroupParser,
  mcdLcdCodeParser,
} from '../../../shared/datasets/cms_mcd/code-lists';
import {
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
  mcdStateParser,
} from '../../../shared/datasets/cms_mcd/contractors';
import {
  type ArticleRecord,
  type LcdRecord,
  mcdArticleParser,
  mcdLcdParser,
} from '../../../shared/datasets/cms_mcd/documents';
import { expandCodes, mcdJoin } from '../../../shared/datasets/cms_mcd/join';
import { decodeEntities, paragraphText } from '../../../shared/datasets/cms_mcd/paragraph';
import { articleWindows, lcdWindows } from '../../../shared/datasets/cms_mcd/windows';
import type { Located, PublisherParser } from '../../../shared/publishers/common/types';
import { describeWindow, windowOn } from '../../../shared/warrant/blocks/documentation';
import { readFixture } from '../../helpers/fixtures';
import { collect } from '../publishers/helpers';

const read = <R extends Located>(p: PublisherParser<R>, release: string, table: string) =>
  collect(p, readFixture('cms_mcd', release, `${table}.csv`));

const loc = { line: 2, record: 1 };
function lcd(over: Partial<LcdRecord>): LcdRecord {
  return {
    lcd_id: 1,
    lcd_version: 1,
    display_id: null,
    title: 't',
    determination_number: null,
    status: 'A',
    original_effective_date: '2020-01-01',
    revision_effective_date: null,
    revision_end_date: null,
    end_date: null,
    date_retired: null,
    last_updated: null,
    locator: loc,
    ...over,
  };
}
function article(over: Partial<ArticleRecord>): ArticleRecord {
  return {
    article_id: 1,
    article_version: 1,
    display_id: null,
    article_type: 1,
    title: 't',
    status: 'A',
    published_date: null,
    effective_date: '2024-01-01',
    end_date: null,
    revision_end_date: null,
    date_retired: null,
    last_updated: null,
    locator: loc,
    ...over,
  };
}

describe('MCD revision windows (data dictionary: rev_eff_date, rev_end_date, ent_det_end_date, date_retired)', () => {
  it('a stated end is the last day the revision applies; the successor starts the next day', () => {
    const w = lcdWindows([
      lcd({ lcd_version: 12, revision_effective_date: '2024-10-01', revision_end_date: '2025-04-14' }),
      lcd({ lcd_version: 13, revision_effective_date: '2025-04-15' }),
    ]);
    const v12 = w.get('1:12')!;
    const v13 = w.get('1:13')!;
    expect(v12).toEqual({
      status: 'known',
      from: '2024-10-01',
      to: '2025-04-14',
      end_basis: 'rev_end_date',
      superseded_by: null,
    });
    expect([windowOn(v12, '2025-04-14'), windowOn(v13, '2025-04-14')]).toEqual(['in', 'out']);
    expect([windowOn(v12, '2025-04-15'), windowOn(v13, '2025-04-15')]).toEqual(['out', 'in']);
    expect(windowOn(v12, '2024-09-30')).toBe('out');
    expect(describeWindow(v13)).toBe('2025-04-15 to open');
    expect(describeWindow(v12)).toBe('2024-10-01 to 2025-04-14 (rev end date)');
  });

  it('a later revision ends an earlier one without a stated end; a higher version the same day supersedes it', () => {
    const w = lcdWindows([
      lcd({ lcd_version: 5, revision_effective_date: '2025-01-01' }),
      lcd({ lcd_version: 6, revision_effective_date: '2025-04-01' }),
      lcd({ lcd_version: 7, revision_effective_date: '2025-04-01' }),
    ]);
    expect(w.get('1:5')).toMatchObject({ to: '2025-03-31', end_basis: 'next_revision' });
    expect(w.get('1:6')).toMatchObject({ status: 'superseded', superseded_by: 7 });
    expect(windowOn(w.get('1:6'), '2025-04-10')).toBe('out');
    expect(windowOn(w.get('1:7'), '2025-04-10')).toBe('in');
  });

  it('retirement and the determination end close the window; the earliest end wins, retirement named first', () => {
    const w = lcdWindows([
      lcd({
        lcd_id: 2,
        revision_effective_date: '2023-07-01',
        date_retired: '2025-07-10',
        revision_end_date: '2025-07-10',
      }),
      lcd({
        lcd_id: 3,
        revision_effective_date: '2023-07-01',
        end_date: '2025-02-28',
        revision_end_date: '2025-06-30',
      }),
      lcd({ lcd_id: 4, status: 'R', revision_effective_date: '2023-07-01' }),
      lcd({ lcd_id: 5, original_effective_date: null }),
      lcd({ lcd_id: 6, original_effective_date: '2021-01-01', revision_effective_date: '2020-06-01' }),
    ]);
    expect(w.get('2:1')).toMatchObject({ to: '2025-07-10', end_basis: 'date_retired' });
    expect([windowOn(w.get('2:1'), '2025-07-10'), windowOn(w.get('2:1'), '2025-07-11')]).toEqual(['in', 'out']);
    expect(w.get('3:1')).toMatchObject({ to: '2025-02-28', end_basis: 'ent_det_end_date' });
    // Status R without any end date: retired, but since when is not stated, so never cited.
    expect(w.get('4:1')).toMatchObject({ status: 'retired_without_date' });
    expect(windowOn(w.get('4:1'), '2024-01-01')).toBe('unknown');
    expect(w.get('5:1')).toMatchObject({ status: 'no_effective_date' });
    // Not in force before the determination's original effective date.
    expect(w.get('6:1')).toMatchObject({ from: '2021-01-01' });
  });

  it('articles: article_eff_date to the earliest of article_rev_end_date, article_end_date, date_retired', () => {
    const w = articleWindows([
      article({ article_id: 1, end_date: '2025-07-15', status: 'R' }),
      article({ article_id: 2, revision_end_date: '2025-03-31', end_date: '2025-06-30' }),
      article({ article_id: 3, effective_date: null }),
    ]);
    expect(w.get('1:1')).toMatchObject({ from: '2024-01-01', to: '2025-07-15', end_basis: 'article_end_date' });
    expect(w.get('2:1')).toMatchObject({ to: '2025-03-31', end_basis: 'article_rev_end_date' });
    expect(windowOn(w.get('3:1'), '2025-01-01')).toBe('unknown');
    expect(windowOn(undefined, '2025-01-01')).toBe('unknown');
  });

  it('reads article_rev_end_date when the layout has it', async () => {
    const csv =
      'article_id,article_version,title,article_eff_date,article_end_date,article_rev_end_date,status\n' +
      '7,2,"T",2024-01-01 00:00:00,,2025-03-31 00:00:00,"A"\n';
    const [a] = await collect(mcdArticleParser, Buffer.from(csv));
    expect(a).toMatchObject({ effective_date: '2024-01-01', end_date: null, revision_end_date: '2025-03-31' });
  });

  it('fixtures: the April L39903 revisions meet at 2025-04-14/15; L39902 retires 2025-07-10; A59903 ends 2025-07-15', async () => {
    const apr = lcdWindows(await read(mcdLcdParser, '2025-04', 'lcd'));
    expect(apr.get('39903:12')).toMatchObject({ from: '2024-10-01', to: '2025-04-14', end_basis: 'rev_end_date' });
    expect(apr.get('39903:13')).toMatchObject({ from: '2025-04-15', to: null });
    const jul = lcdWindows(await read(mcdLcdParser, '2025-07', 'lcd'));
    expect(jul.get('39902:3')).toMatchObject({ from: '2023-07-01', to: '2025-07-10', end_basis: 'date_retired' });
    const julLcd = (await read(mcdLcdParser, '2025-07', 'lcd')).find((l) => l.lcd_id === 39902)!;
    expect(julLcd).toMatchObject({ status: 'R', date_retired: '2025-07-10', revision_end_date: '2025-07-10' });
    const arts = articleWindows(await read(mcdArticleParser, '2025-07', 'article'));
    expect(arts.get('59903:4')).toMatchObject({ to: '2025-07-15', end_basis: 'article_end_date' });
  });
});

describe('MCD paragraph text', () => {
  it('decodes named, decimal and hex references; 128-159 as Windows-1252; unknown names kept', () => {
    expect(decodeEntities('&#128;&#x9F;&#129;')).toBe('\u20ac\u0178\u0081');
    expect(decodeEntities('a&ndash;b &rsquo; &#174; &#x2122; &#150; &nbsp;&amp;lt; &bogus; &#0;')).toBe(
      'a\u2013b \u2019 \u00ae \u2122 \u2013 \u00a0&lt; &bogus; &#0;',
    );
  });

  it('drops tags, breaks at block ends and <br>, collapses blanks, and answers null for no words', () => {
    expect(
      paragraphText(
        '<p>The appearance of a code <strong>does not</strong> indicate coverage.<br /><br />GY &ndash; statutorily excluded</p>\n<p>&nbsp;</p><P>Last&#160; line</P>',
      ),
    ).toBe('The appearance of a code does not indicate coverage.\nGY \u2013 statutorily excluded\nLast line');
    expect(paragraphText('<p>&nbsp;</p>')).toBeNull();
    expect(paragraphText(null)).toBeNull();
    expect(paragraphText('')).toBeNull();
  });
});

describe('the MCD join', () => {
  async function aprilLcd() {
    return {
      docType: 'lcd' as const,
      documents: await read(mcdLcdParser, '2025-04', 'lcd'),
      groups: await read(mcdLcdCodeGroupParser, '2025-04', 'lcd_x_hcpc_code_group'),
      docContractors: await read(mcdLcdContractorParser, '2025-04', 'lcd_x_contractor'),
      contractors: await read(mcdContractorParser, '2025-01', 'contractor'),
      jurisdictions: await read(mcdJurisdictionParser, '2025-01', 'contractor_jurisdiction'),
      states: await read(mcdStateParser, '2025-01', 'state_lookup'),
    };
  }
  const codeRow = async (release: string, docId: number, version: number, code: string) =>
    (await read(mcdLcdCodeParser, release, 'lcd_x_hcpc_code')).find(
      (r) => r.doc_id === docId && r.doc_version === version && r.code === code,
    )!;

  it('joins a code row to its revision window, code group paragraph, contractors and states', async () => {
    const join = mcdJoin(await aprilLcd(), '2025-04-01');
    const { value, related } = join(await codeRow('2025-04', 39903, 13, 'K1040'));
    expect(value).toMatchObject({
      doc_type: 'lcd',
      doc_id: 39903,
      doc_version: 13,
      display_id: 'L39903',
      code_group: 2,
      coverage_meaning: 'stated_in_paragraph',
      code_group_paragraph: 'Accessories billed with a base \u2013 see the policy article.',
      revision_window: { status: 'known', from: '2025-04-15', to: null },
      states: ['IL', 'IN', 'MA', 'MI', 'NJ', 'NY', 'OH', 'PA'],
      missing_tables: [],
    });
    expect(value.contractors.map((c) => [c.contractor_id, c.states])).toEqual([
      [911, ['MA', 'NJ', 'NY', 'PA']],
      [912, ['IL', 'IN', 'MI', 'OH']],
    ]);
    expect(related.map((r) => r.table)).toEqual([
      'document',
      'code_group',
      'doc_contractor',
      'contractor',
      ...Array(4).fill('jurisdiction'),
      'doc_contractor',
      'contractor',
      ...Array(4).fill('jurisdiction'),
    ]);
    // The group row's receipt is the row of the paragraph (L39903 v13 group 2 in the April file).
    const group = related.find((r) => r.table === 'code_group')!.row;
    expect(group).toMatchObject({ doc_id: 39903, doc_version: 13, code_group: 2 });
  });

  it('a group with an empty paragraph states nothing; a group table not archived is said so', async () => {
    const tables = await aprilLcd();
    const k0001 = await codeRow('2025-04', 39903, 13, 'K0001');
    expect(mcdJoin(tables, '2025-04-01')(k0001).value).toMatchObject({
      code_group: 1,
      coverage_meaning: 'stated_in_paragraph',
      code_group_paragraph: 'Manual wheelchair bases:',
    });
    const noGroups = mcdJoin({ ...tables, groups: [] }, '2025-04-01')(k0001).value;
    expect([noGroups.coverage_meaning, noGroups.code_group_paragraph]).toEqual(['not_stated', null]);
    const notArchived = mcdJoin({ ...tables, groups: undefined }, '2025-04-01')(k0001).value;
    expect(notArchived.coverage_meaning).toBe('group_table_not_archived');
    expect(notArchived.missing_tables).toEqual(['lcd_x_hcpc_code_group']);
  });

  it('the non-covered group keeps its meaning in its paragraph, never a guessed flag', async () => {
    const join = mcdJoin(
      {
        docType: 'lcd',
        documents: await read(mcdLcdParser, '2025-07', 'lcd'),
        groups: await read(mcdLcdCodeGroupParser, '2025-07', 'lcd_x_hcpc_code_group'),
        docContractors: await read(mcdLcdContractorParser, '2025-07', 'lcd_x_contractor'),
        contractors: await read(mcdContractorParser, '2025-01', 'contractor'),
        jurisdictions: await read(mcdJurisdictionParser, '2025-07', 'contractor_jurisdiction'),
        states: await read(mcdStateParser, '2025-01', 'state_lookup'),
      },
      '2025-07-01',
    );
    const { value } = join(await codeRow('2025-07', 39901, 7, 'A9279'));
    expect(value.code_group).toBe(3);
    expect(value.coverage_meaning).toBe('stated_in_paragraph');
    expect(value.code_group_paragraph).toBe(
      'GROUP 3 CODES: The following items are non-covered \u2013 a stand-alone monitoring feature is not durable medical equipment.\n' +
        'Claims are denied as statutorily non-covered; append the GY modifier \u2013 see the policy article\u2019s coding guidelines.',
    );
    expect(Object.keys(value)).not.toContain('covered');
    expect(value.states).toContain('MO'); // EM (active 2025-07-01) is Missouri
  });

  it('without contractor_jurisdiction the contractor-to-state join is not made: states null, the table named', async () => {
    const tables = await aprilLcd();
    const row = await codeRow('2025-04', 39903, 13, 'K0001');
    const { value, related } = mcdJoin({ ...tables, jurisdictions: undefined }, '2025-04-01')(row);
    expect(value.states).toBeNull();
    expect(value.contractors.map((c) => c.states)).toEqual([null, null]);
    expect(value.missing_tables).toEqual(['contractor_jurisdiction']);
    expect(related.some((r) => r.table === 'jurisdiction')).toBe(false);
    // Without lcd.csv the revision window is unknown, never assumed.
    const noDocs = mcdJoin({ ...tables, documents: undefined }, '2025-04-01')(row).value;
    expect(noDocs.revision_window.status).toBe('document_table_not_archived');
    expect(noDocs.display_id).toBe('L39903');
    const missingRow = mcdJoin({ ...tables, documents: [] }, '2025-04-01')(row).value;
    expect(missingRow.revision_window.status).toBe('document_row_missing');
    // Jurisdictions inactive on the load date are left out (EM joins contractor 912 from 2025-07-01).
    const julJur = await read(mcdJurisdictionParser, '2025-07', 'contractor_jurisdiction');
    const before = mcdJoin({ ...tables, jurisdictions: julJur }, '2025-06-30')(row).value;
    expect(before.states).not.toContain('MO');
  });

  it('a FROM-TO range row stands for every code of its range', () => {
    const row = { code: 'E0600-E0603', range: true } as McdCodeRecord;
    expect(expandCodes(row)).toEqual(['E0600', 'E0601', 'E0602', 'E0603']);
    expect(expandCodes({ ...row, range: false })).toEqual(['E0600-E0603']);
  });
});
