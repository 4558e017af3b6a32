import * as fs from 'node:fs';
import * as path from 'node:path';
import { getDataset } from '../../catalog/datasets';
import { PublisherFormatError } from '../../publishers/common/errors';
import { CONSTRUCTION_SIGNALS, type SignalRow } from '../../signals/signal-rows';
import { hcaiProjectsParser } from './parser';
import { categoryOf, facilityCell, placeAddress } from './rules';
import { PROJECTS_EXPORT, readReportDate, source } from './source';

const fixture = (p: string) => fs.readFileSync(path.join(__dirname, 'fixtures', p));

async function parse(input: Buffer | string): Promise<SignalRow[]> {
  const out: SignalRow[] = [];
  for await (const r of hcaiProjectsParser.parse(input)) out.push(r);
  return out;
}

describe('HCAI "Projects by County" export parser', () => {
  it('reads every project row as a signal: category, dollars, ISO dates, facility name and address, CA', async () => {
    const rows = await parse(fixture('2024-03-04/projects-by-county.csv'));
    expect(rows.map((r) => [r.filing_id, r.category, r.value_usd, r.filed_date])).toEqual([
      ['S230915-19-00', 'demolition', null, '2023-09-15'],
      ['S230605-37-00', 'renovation', 9200000, '2023-06-05'],
      ['S231012-37-00', 'expansion', 142500000, '2023-10-12'],
      ['S240122-37-00', 'equipment', 3850000, '2024-01-22'],
      ['S240212-37-01', 'expansion', 2400000, '2024-02-12'],
      ['S240205-37-00', 'renovation', 680000, '2024-02-05'],
      ['S231201-37-00', 'renovation', 1250000, '2023-12-01'],
      ['S231120-37-00', 'equipment', 410000, '2023-11-20'],
      ['S240108-37-00', 'equipment', 1100000, '2024-01-08'],
    ]);
    const tower = rows[2]!;
    expect(tower).toMatchObject({
      signal_id: 'ca_hcai_construction_projects:S231012-37-00',
      source_id: 'ca_hcai_construction_projects',
      state: 'CA',
      city: 'SAN DIEGO',
      address: '1500 Harbor View Boulevard',
      zip: '92101',
      named_party: 'MARINA VISTA MEDICAL CENTER',
      published_type: null,
      status: 'Active - Plan Review',
      description: 'New 6-story patient tower addition, 120 beds',
      issued_date: null,
      approved_date: null,
      latest_date: '2023-10-12',
      health_rule: ['HCAI building jurisdiction: a project at a California licensed health facility'],
      merged_from: [],
      locator: { line: 6, record: 3 },
    });
    // The published row as-is: the facility number (HCAI's, not a CCN) and county stay in it.
    expect(tower.source_row).toMatchObject({
      Textbox139: '37 - San Diego',
      Textbox140: '10001 - MARINA VISTA MEDICAL CENTER\r\n1500 Harbor View Boulevard, San Diego, CA 92101',
      ProjNo: 'S231012-37-00',
      ParentId: '',
      Costs: '$142,500,000.00',
      Textbox145: 'All Projects by Facility within Counties as of 03/04/2024',
    });
    // "-" is "not stated", never 0.
    expect(rows[0]!.source_row.Costs).toBe('-');
    // A child filing (ParentId) stays its own signal with its own scope and cost.
    expect(rows[4]!.source_row.ParentId).toBe('S231012-37-00');
    expect(rows[4]!.merged_from).toEqual([]);
  });

  it('merges a project filed again under a new number (repeated_filing), the newer filing the signal', async () => {
    const rows = await parse(fixture('2024-03-04/projects-by-county.csv'));
    const nurseCall = rows.find((r) => r.filing_id === 'S231120-37-00')!;
    expect(nurseCall).toMatchObject({ status: 'Active - Plan Review', locator: { record: 9 } });
    expect(nurseCall.merged_from).toEqual([
      expect.objectContaining({
        filing_id: 'S230501-37-00',
        rule: 'repeated_filing',
        filed_date: '2023-05-01',
        value_usd: 410000,
        locator: { line: 16, record: 8 },
      }),
    ]);
    expect(nurseCall.merged_from[0]!.source_row.Status).toBe('Expired');
  });

  it('reads the amended export: revised figures, one project under two facilities merged by its number', async () => {
    const rows = await parse(fixture('2024-04-15/projects-by-county.csv'));
    expect(rows).toHaveLength(11);
    expect(rows.find((r) => r.filing_id === 'S240122-37-00')).toMatchObject({
      value_usd: 4100000,
      status: 'Field Operations in Progress',
    });
    const chiller = rows.find((r) => r.filing_id === 'S240318-19-00')!;
    expect(chiller).toMatchObject({
      category: 'equipment',
      named_party: 'VALLEY CREST BEHAVIORAL HEALTH',
      city: 'NORTHRIDGE',
      locator: { record: 3 },
    });
    expect(chiller.merged_from).toEqual([
      expect.objectContaining({
        filing_id: 'S240318-19-00',
        rule: 'same_permit_number',
        locator: { line: 4, record: 2 },
      }),
    ]);
    expect(rows.find((r) => r.filing_id === 'S240402-37-00')).toMatchObject({ category: 'new_construction' });
  });

  it('reads the renamed-column layout (report items named after their captions) the same way', async () => {
    const textbox = (await parse(fixture('2024-03-04/projects-by-county.csv'))).slice(1, 4);
    const renamed = await parse(fixture('layout-variants/projects-by-county-captions.csv'));
    const strip = (r: SignalRow) => ({ ...r, source_row: {}, locator: null });
    expect(renamed.map(strip)).toEqual(textbox.map(strip));
    expect(renamed[0]!.source_row).toHaveProperty('Project Number', 'S230605-37-00');
  });

  it('fails naming the line on a file that is not the layout', async () => {
    await expect(parse('Project,Cost\r\nS1,$5\r\n')).rejects.toThrow(PublisherFormatError);
    await expect(parse('Project,Cost\r\nS1,$5\r\n')).rejects.toThrow(/line 1.*no known layout/);
    const head =
      'Textbox145,Textbox139,Textbox140,Textbox126,ProjNo,ParentId,ScopeofWork,FileDate,Costs,PctComplete,Status\r\n';
    await expect(
      parse(`${head}t,19 - Los Angeles,NO NUMBER HERE,o,S1,,Remodel,01/02/2024,$5.00,0,Open\r\n`),
    ).rejects.toThrow(/line 2.*facility/);
    await expect(
      parse(`${head}t,c,"1 - A\r\n1 Main St, X, CA 90001",o,S1,,Remodel,2024/13/45,$5.00,0,Open\r\n`),
    ).rejects.toThrow(/line 2.*unreadable date/);
    await expect(
      parse(`${head}t,c,"1 - A\r\n1 Main St, X, CA 90001",o,S1,,Remodel,01/02/2024,about 5,0,Open\r\n`),
    ).rejects.toThrow(/line 2.*Costs/);
  });
});

describe('HCAI export declaration and rules', () => {
  it('feeds the installed construction signals dataset, its files read by this folder’s parser', () => {
    const signals = getDataset(CONSTRUCTION_SIGNALS)!;
    expect(signals.docs).toContainEqual({
      sourceId: 'ca_hcai_construction_projects',
      docId: 'hcai_projects:1',
      mode: 'snapshot',
    });
    const file = { source_id: 'ca_hcai_construction_projects', doc_id: 'hcai_projects:1', name: 'x.csv' };
    expect(signals.parserFor(file)?.id).toBe('ca_hcai_construction_projects/projects-csv');
  });

  it('reads the version from the report date the title prints', () => {
    const head = fixture('2024-04-15/projects-by-county.csv').subarray(0, 4096);
    expect(readReportDate({ name: 'projects-by-county.csv', parents: [], head })).toEqual({
      publisherVersion: '2024-04-15',
      effectiveFrom: '2024-04-15',
      effectiveTo: null,
      method: 'content',
    });
    expect(readReportDate({ name: 'x.csv', parents: [], head: Buffer.from('as of 02/30/2024') }).method).toBe('none');
    expect(PROJECTS_EXPORT.test('Projects by County.csv')).toBe(true);
    expect(PROJECTS_EXPORT.test('ProjectsbyCounty.csv')).toBe(true);
    expect(source.docs[0]!.match.test('projects-by-county.csv')).toBe(true);
  });

  it('maps scopes of work to categories in the documented order', () => {
    expect(categoryOf('Seismic retrofit with a two-story addition')).toBe('expansion');
    expect(categoryOf('New acute care hospital, 3 stories')).toBe('new_construction');
    expect(categoryOf('NEW CONSTRUCTION - CENTRAL UTILITY PLANT')).toBe('new_construction');
    expect(categoryOf('CT scanner replacement')).toBe('equipment');
    expect(categoryOf('Demolish vacant building')).toBe('demolition');
    expect(categoryOf('Nursing unit remodel')).toBe('renovation');
    expect(categoryOf('Fire alarm annual testing')).toBe('other');
    expect(categoryOf(null)).toBe('other');
  });

  it('splits the facility cell and its address, guessing nothing it cannot place', () => {
    expect(facilityCell('10001 - MARINA VISTA MEDICAL CENTER\r\n1500 Harbor View Blvd, San Diego, CA 92101')).toEqual({
      facility_number: '10001',
      name: 'MARINA VISTA MEDICAL CENTER',
      address_line: '1500 Harbor View Blvd, San Diego, CA 92101',
    });
    expect(facilityCell('106190001 - ST. ROSE HOSPITAL - HAYWARD')).toEqual({
      facility_number: '106190001',
      name: 'ST. ROSE HOSPITAL - HAYWARD',
      address_line: null,
    });
    expect(facilityCell('MARINA VISTA')).toBeNull();
    expect(placeAddress('1500 Harbor View Blvd, Suite 2, San Diego, CA 92101-1234')).toEqual({
      street: '1500 Harbor View Blvd, Suite 2',
      city: 'San Diego',
      state: 'CA',
      zip: '92101',
    });
    expect(placeAddress('Harbor View campus')).toEqual({
      street: 'Harbor View campus',
      city: null,
      state: null,
      zip: null,
    });
  });
});
