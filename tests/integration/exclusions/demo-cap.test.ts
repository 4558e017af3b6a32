import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { fixedClock, type Json } from './world';

/**
 * Spec "Limits": unauthenticated screening search is capped at 25 rows. Needs more than 25
 * matching rows, so this file archives generated lists in the publishers' own layouts: an LEIE
 * full list with 10 SMITHERS rows and a New Jersey list with 40, both in force from 2025-01-01 and
 * seen again by a fetch on 2025-06-01 (so they are current on the fixed "today", 2025-06-15).
 */
const FEDERAL = 10;
const STATE = 40;

function leie(): string {
  const header =
    'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
  const rows = Array.from(
    { length: FEDERAL },
    (_, i) =>
      `"SMITHERS","FED${String(i).padStart(2, '0')}","","","NURSING PROFESSION","NURSE","","0000000000","19700101","1 MAIN ST","DAYTON","OH","45402","1128b4","20200101","00000000","00000000",""`,
  );
  return `${[header, ...rows].join('\r\n')}\r\n`;
}

function newJersey(): string {
  const header = 'Provider Name,Title,NPI,Street,City,State,Zip,Action,Effective Date,Expiration Date';
  const rows = Array.from(
    { length: STATE },
    (_, i) => `"SMITHERS, ST${String(i).padStart(2, '0')}",LPN,,1 MAIN ST,NEWARK,NJ,07102,DEBARMENT,1/1/2020,`,
  );
  return `${[header, ...rows].join('\n')}\n`;
}

describe('the unauthenticated search is capped at 25 rows', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string, headers: Record<string, string> = {}) => {
    const r = await h.request(p, { headers });
    return { status: r.status, body: (await r.json()) as Json };
  };

  beforeAll(async () => {
    h = await startHarness({ clock: fixedClock });
    const archive = new Archive(h.deps);
    for (const [sourceId, name, body] of [
      ['oig_leie', 'UPDATED.csv', leie()],
      ['state_exclusions_nj', 'NJ_Exclusion_List.csv', newJersey()],
    ] as const) {
      for (const [origin, at] of [
        ['backfill', '2025-01-01T06:00:00Z'],
        ['live', '2025-06-01T06:00:00Z'],
      ] as const) {
        await archive.ingest({
          sourceId,
          name,
          body: Buffer.from(body),
          publisherVersion: '2025-01',
          effectiveFrom: '2025-01-01',
          origin,
          observedAt: new Date(at),
        });
      }
    }
    const loads = await syncCatalog(h.deps);
    expect(loads.map((l) => [l.source_id, l.status, l.rows])).toEqual([
      ['oig_leie', 'loaded', FEDERAL],
      ['state_exclusions_nj', 'loaded', STATE],
    ]);
    key = await createTestKey(h.deps, 'free', []);
  }, 60_000);
  afterAll(() => h.close());

  it('returns 25 rows when 100 are asked, says it capped, and pages on from there', async () => {
    const first = await get('/demo/exclusions/search?name=smithers&limit=100&include_total=true');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body).toMatchObject({
      limit: 25,
      limit_requested: 100,
      max_rows: 25,
      capped: true,
      total: FEDERAL + STATE,
      next_offset: 25,
    });
    expect(first.body.note).toMatch(/at most 25 rows/);
    // Federal rows first, then the state list, in name order.
    expect(first.body.items.slice(0, FEDERAL).every((r: Json) => r.list === 'federal')).toBe(true);
    const second = await get('/demo/exclusions/search?name=smithers&limit=100&offset=25');
    expect(second.body.items).toHaveLength(25);
    expect(second.body.next_offset).toBeNull();
    const rest = await get('/demo/exclusions/search?name=smithers&limit=1000&offset=50');
    expect(rest.body.items).toEqual([]);
    expect(rest.body.next_offset).toBeNull();
    // By cursor: the page after the first is the same as by offset.
    const byCursor = await get(`/demo/exclusions/search?name=smithers&limit=100&cursor=${first.body.next}`);
    expect(byCursor.body.items).toEqual(second.body.items);
    expect(byCursor.body).toMatchObject({ next: null, total: null });
    const names = [...first.body.items, ...second.body.items].map((r: Json) => r.record.name);
    expect(new Set(names).size).toBe(FEDERAL + STATE);
  });

  it('returns fewer when fewer are asked, and is not marked capped', async () => {
    const { body } = await get('/demo/exclusions/search?name=smithers&limit=10');
    expect(body.items).toHaveLength(10);
    expect(body).toMatchObject({ limit: 10, capped: false, next_offset: 10 });
  });

  it('the keyed state search is not capped', async () => {
    const { status, body } = await get('/exclusions/state/search?name=smithers&limit=100', key.headers);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(STATE);
    expect(body.items.every((r: Json) => r.list_state === 'NJ')).toBe(true);
  });
});
