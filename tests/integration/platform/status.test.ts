import { trackLoad } from '../../../shared/loads/history';
import { platformStatus } from '../../../shared/platform/status';
import { type Freshness, judgeFreshness } from '../../../shared/sources/freshness';
import { SOURCES } from '../../../shared/sources/registry';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';

/**
 * The sources were registered on 2026-01-01 (the registry's registeredOn), later ones after it (SAM.gov
 * and the Preclusion List on 2026-11-24): a source registered after the clock is judged from age 0.
 */
const weekly = SOURCES.filter((s) => s.cadence.cadence === 'weekly' && s.registeredOn === '2026-01-01').map(
  (s) => s.sourceId,
);
/** Weekly sources registered later: at 11 days after 2026-01-01 they are younger than their threshold. */
const weeklyLater = SOURCES.filter((s) => s.cadence.cadence === 'weekly' && s.registeredOn > '2026-01-12').map(
  (s) => s.sourceId,
);
const daysAfterRegistration = (d: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + d * 86_400_000);

describe('GET /status and GET /platform/stats', () => {
  let h: Harness;
  let now = daysAfterRegistration(4);
  beforeAll(async () => {
    expect(SOURCES.every((s) => s.registeredOn >= '2026-01-01')).toBe(true);
    // Sources registered later (the catalog sources of 2026-11-24) are judged from age 0 at this clock.
    expect(SOURCES.filter((s) => s.registeredOn === '2026-01-01').length).toBeGreaterThan(10);
    expect(weekly.length).toBeGreaterThan(0);
    h = await startHarness({ clock: { now: () => now } });
  });
  afterAll(() => h.close());

  const status = async () => {
    const res = await h.request('/status');
    return { code: res.status, body: await res.json() };
  };

  it('is public, and green while every never-loaded source is younger than its stale threshold', async () => {
    const { code, body } = await status();
    expect(code).toBe(200);
    expect(body).toMatchObject({ status: 'ok', light: 'green' });
    expect(body.components.map((c: { name: string }) => c.name)).toEqual([
      'database',
      'object_storage',
      'mail',
      'pipeline_freshness',
    ]);
    expect(body.components.find((c: { name: string }) => c.name === 'mail')).toMatchObject({
      status: 'not_configured',
      light: 'grey',
    });
    expect(body.sources).toHaveLength(SOURCES.length);
    const exemptIds = SOURCES.filter((s) => s.cadence.cadence === 'exempt').map((s) => s.sourceId);
    for (const s of body.sources as { source_id: string; freshness: string }[])
      expect([s.source_id, s.freshness]).toEqual([s.source_id, exemptIds.includes(s.source_id) ? 'exempt' : 'never']);
  });

  it('turns amber when a scheduled source is late, red (503) when one is critical, green again once loaded', async () => {
    now = daysAfterRegistration(11); // weekly: stale at 10 days, critical at 21
    let r = await status();
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 'degraded', light: 'amber' });
    const pipeline = r.body.components.find((c: { name: string }) => c.name === 'pipeline_freshness');
    expect(pipeline).toMatchObject({ light: 'amber', status: 'late' });
    for (const id of weekly) expect(pipeline.detail).toContain(id);
    for (const id of weeklyLater) expect(pipeline.detail).not.toContain(id);

    now = daysAfterRegistration(22);
    r = await status();
    expect(r.code).toBe(503);
    expect(r.body).toMatchObject({ status: 'failing', light: 'red' });

    for (const id of weekly) await trackLoad(h.deps, id, async (p) => p.loaded(1, 10));
    r = await status();
    expect(r.code).toBe(200);
    expect(r.body.light).toBe('green');
    expect(r.body.sources.find((s: { source_id: string }) => s.source_id === weekly[0])).toMatchObject({
      freshness: 'fresh',
      light: 'green',
    });
  });

  it('an exempt source is grey and never changes the light; a failing dependency turns it red', async () => {
    const entry = (source_id: string, freshness: Freshness) => ({ source_id, freshness });
    const old = new Date('2000-01-01T00:00:00Z').toISOString();
    const exempt = judgeFreshness(
      { declared: { cadence: 'exempt', reason: 'static crosswalk' }, registeredAt: old },
      now,
    );
    const fresh = judgeFreshness({ declared: { cadence: 'daily' }, registeredAt: old, lastLoadedAt: now }, now);
    const report = await platformStatus(h.deps, {
      freshness: async () => [entry('x_exempt', exempt), entry('y_daily', fresh)],
    });
    expect(report.light).toBe('green');
    expect(report.sources[0]).toEqual({
      source_id: 'x_exempt',
      freshness: 'exempt',
      level: null,
      light: 'grey',
      age_days: null,
      reason: 'static crosswalk',
    });
    const broken = {
      ...h.deps,
      probes: [{ name: 's3', check: async () => Promise.reject(new Error('connection refused')) }],
    };
    const red = await platformStatus(broken, { freshness: async () => [entry('y_daily', fresh)] });
    expect(red).toMatchObject({ light: 'red', status: 'failing' });
    expect(red.components[0]).toMatchObject({ name: 'object_storage', light: 'red', status: 'failing' });
  });

  it('reports mail as configured when SMTP_URL is set, without revealing it', async () => {
    const withMail = await startHarness({
      engines: h.engines,
      env: { SMTP_URL: 'smtp://user:hunter2@mail.example.org:587' },
    });
    try {
      const res = await withMail.request('/status');
      const text = await res.text();
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('mail.example.org');
      expect(JSON.parse(text).components.find((c: { name: string }) => c.name === 'mail').status).toBe('configured');
    } finally {
      await withMail.close();
    }
  });

  it('serves an HTML traffic light to browsers', async () => {
    const res = await h.request('/status', { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('id="status-light"');
    expect(html).toContain('<table id="status-table"');
    expect(html).not.toMatch(/<script|src="http/);
  });

  it('GET /platform/stats counts rows, sources, archive and entities, with a key', async () => {
    expect((await h.request('/platform/stats')).status).toBe(401);
    await trackLoad(h.deps, 'oig_leie', async (p) => {
      p.loaded(7, 500);
      p.count('clinicians', 420);
    });
    const key = await createTestKey(h.deps, 'free');
    const res = await h.request('/platform/stats', { headers: key.headers });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      sources: {
        registered: SOURCES.length,
        loaded: weekly.length + 1,
        exempt: SOURCES.filter((s) => s.cadence.cadence === 'exempt').length,
      },
      rows: { total: 10 * weekly.length + 500 },
      clinicians: 420,
      facilities: null,
      last_pipeline_run: null,
    });
    expect(body.rows.by_source.oig_leie).toBe(500);
  });
});
