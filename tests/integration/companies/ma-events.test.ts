import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 22 point 5, M&A events: the sec_edgar 8-K item 2.01 filings and the cms_chow Hospital and
 * SNF CHOW fixtures archived through the real ingest path and loaded into dynalite, merged by name
 * and date window, read through the app with the real SDK.
 */
const TODAY = '2025-06-15';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/ma-events/recent (SEC 8-K item 2.01 and CMS CHOW)', () => {
  const world = catalogWorld(['sec_edgar', 'cms_chow'], clock, 300_000);
  const get = world.get;

  it('typed events, newest first, each linked to its filing or CHOW record, merged deals showing the match', async () => {
    const { status, body } = await get('/ma-events/recent');
    expect(status).toBe(200);
    expect(body).toMatchObject({ since: '2024-06-15', until: TODAY, total: 6, as_of: TODAY });
    expect(body.items.map((e: Json) => [e.event_id, e.event_type, e.date])).toEqual([
      ['sec:0001000001-25-000012', 'acquisition', '2025-03-01'],
      ['chow:hospital:O20250201000041:O20120101000042:2025-01-20', 'acquisition', '2025-01-20'],
      ['chow:snf:O20250115000051:O20150101000052:2025-01-15', 'acquisition', '2025-01-15'],
      ['sec:0001000002-25-000001', 'acquisition_or_disposition', '2024-12-31'],
      ['sec:0001000001-24-000040', 'acquisition', '2024-11-01'],
      ['chow:hospital:O20241001000011:O20100101000012:2024-10-01', 'acquisition', '2024-10-01'],
    ]);
    const cedar = body.items[0];
    expect(cedar.acquirer).toMatchObject({
      cik: '0001000001',
      ticker: 'PHHS',
      name: 'PINE HOLLOW HEALTH SYSTEMS, INC.',
    });
    expect(cedar.divestor).toMatchObject({
      name: 'CEDAR RIDGE COMMUNITY HOSPITAL LLC',
      enrollment_id: 'O20090101000032',
    });
    expect(cedar.facilities).toEqual([
      { ccn: '010120', name: 'CEDAR RIDGE COMMUNITY HOSPITAL', facility_type: 'hospital' },
    ]);
    expect(cedar.filings[0]).toMatchObject({
      accession_number: '0001000001-25-000012',
      form: '8-K',
      items: ['2.01', '7.01', '9.01'],
      source: { source_id: 'sec_edgar', doc_id: 'sec:2' },
    });
    expect(cedar.chow_records[0]).toMatchObject({
      chow_type: 'CHOW',
      source: { source_id: 'cms_chow', doc_id: 'chow:1' },
    });
    expect(cedar.match).toMatchObject({ rule: 'name_and_date_window', confidence: 0.85 });
    expect(cedar.match.detail).toMatch(/2 days before the report date/);
    expect(body.items[4].match.confidence).toBe(0.95);
    const bwhp = body.items[3];
    expect(bwhp).toMatchObject({
      match: null,
      chow_records: [],
      acquirer: { name: null },
      filings: [{ form: '8-K/A' }],
    });
    expect(body.sources.map((s: Json) => s.doc_id).sort()).toEqual(['chow:1', 'chow:2', 'sec:1', 'sec:2']);
    expect(body.methodology_note).toMatch(/item 2.01/);
  });

  it('filters by type, source and window, and pages by offset', async () => {
    const merged = await get('/ma-events/recent?type=acquisition&source=sec_edgar');
    expect(merged.body.items.map((e: Json) => e.event_id)).toEqual([
      'sec:0001000001-25-000012',
      'sec:0001000001-24-000040',
    ]);
    const window = await get('/ma-events/recent?since=2025-01-01&until=2025-01-31');
    expect(window.body.total).toBe(2);
    const page = await get('/ma-events/recent?limit=2&offset=2');
    expect(page.body).toMatchObject({ limit: 2, offset: 2, next_offset: 4 });
    expect(page.body.items[0].event_id).toMatch(/^chow:snf/);
  });

  it('as_of: the 2025 Q1 CHOW release merges the March 8-K on the day it is archived', async () => {
    const before = await get('/ma-events/recent?as_of=2025-04-14');
    const e = before.body.items.find((x: Json) => x.event_id === 'sec:0001000001-25-000012');
    expect(e).toMatchObject({ event_type: 'acquisition_or_disposition', date: '2025-03-03', match: null });
    expect(before.body.gaps.map((g: Json) => g.doc_id)).toContain('chow:2');
    const after = await get('/ma-events/recent?as_of=2025-04-15');
    expect(after.body.items[0]).toMatchObject({ event_id: 'sec:0001000001-25-000012', event_type: 'acquisition' });
    expect((await get('/ma-events/recent?as_of=2024-01-01')).status).toBe(503);
  });

  it('bad input is a 400 naming the parameter', async () => {
    const since = await get('/ma-events/recent?since=2025-05-01&until=2025-04-01');
    expect(since.status).toBe(400);
    expect(JSON.stringify(since.body.errors)).toMatch(/since/);
    expect((await get('/ma-events/recent?since=2020-01-01&until=2025-01-01')).status).toBe(400);
    const type = await get('/ma-events/recent?type=merger');
    expect(type.status).toBe(400);
    expect(JSON.stringify(type.body.errors)).toMatch(/type/);
    expect((await get('/ma-events/recent?limit=201')).status).toBe(400);
    expect((await get('/ma-events/recent?until=2025-13-01')).status).toBe(400);
  });
});
