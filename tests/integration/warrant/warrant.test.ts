import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runAccuracyCheck } from '../../../shared/accuracy/check';
import { verifySignedResponse } from '../../../shared/attestation/verify';
import { hcpcsAnwebParser } from '../../../shared/datasets/cms_hcpcs_level2/anweb';
import type { HcpcsRecord } from '../../../shared/datasets/cms_hcpcs_level2/record';
import { hasLoader } from '../../../shared/facts/load-version';
import { syncFacts } from '../../../shared/facts/pipeline';
import { replayRow } from '../../../shared/facts/replay';
import type { Harness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';
import { allReceipts } from '../../helpers/receipts';
import { fixtureManifest } from '../../helpers/seed';
import { SHARED_SETUP_TIMEOUT_MS, startSeededHarness } from '../../helpers/seeded-world';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;
const ROOT = path.resolve(__dirname, '../../..');
const QUARTERS = [
  { date: '2025-02-14', hcpcs: '2025 JAN', dmepos: 'JAN 2025', ptp: 'v31.0r0', mue: '2025 Q1', rrCeiling: 71.2 },
  { date: '2025-05-15', hcpcs: '2025 APR', dmepos: 'APR 2025', ptp: 'v31.1r0', mue: '2025 Q2', rrCeiling: 72.45 },
  { date: '2025-08-20', hcpcs: '2025 JUL', dmepos: 'JUL 2025', ptp: 'v31.2r0', mue: '2025 Q3', rrCeiling: 73.9 },
];

async function fixtureCodes(): Promise<HcpcsRecord[]> {
  const jul = fixtureManifest().find((e) => e.path.endsWith('HCPC2025_JUL_ANWEB.txt'))!;
  const out: HcpcsRecord[] = [];
  for await (const r of hcpcsAnwebParser.parse(fs.readFileSync(path.join(ROOT, jul.path)))) if (r.code) out.push(r);
  return out;
}

describe('GET /rules/warrant over the fixture histories', () => {
  let h: Harness;
  let key: { headers: Record<string, string> };
  const get = async (q: string, headers: Record<string, string> = key.headers) => {
    const res = await h.request(`/rules/warrant?${q}`, { headers });
    return { status: res.status, body: (await res.json()) as Json };
  };
  /** The original bytes through the public file endpoint's one-hour link; licensed files (451) from storage. */
  const archivedBytes = async (sha256: string): Promise<Buffer> => {
    const meta = await h.request(`/v1/archive/files/${sha256}`, { headers: key.headers });
    if (meta.status === 451) return h.deps.blobs.getBuffer(`files/sha256/${sha256.slice(0, 2)}/${sha256}`);
    expect(meta.status).toBe(200);
    const link = ((await meta.json()) as Json).download_url as string;
    return Buffer.from(await (await fetch(link)).arrayBuffer());
  };
  const version = (body: Json, doc: string) => (body.meta.versions_in_force as Json[]).find((v) => v.doc_id === doc);

  beforeAll(async () => {
    const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wkey-')), 'signing-key.json');
    h = await startSeededHarness('all', { env: { SIGNING_KEY_SOURCE: 'file', SIGNING_KEY_FILE: keyFile } });
    key = await createTestKey(h.deps, 'pro', ['warrant']);
  }, SHARED_SETUP_TIMEOUT_MS);
  afterAll(() => h.close());

  it.each(QUARTERS)('a date inside a quarter uses that quarter’s versions ($date)', async (q) => {
    const { status, body } = await get(`hcpcs=E0601&as_of=${q.date}&state=NY`);
    expect(status).toBe(200);
    expect(body.meta.as_of).toBe(q.date);
    expect(version(body, 'hcpcs:1')?.publisher_version).toBe(q.hcpcs);
    expect(version(body, 'dmepos:1')?.publisher_version).toBe(q.dmepos);
    expect(version(body, 'ptp:1')?.publisher_version).toBe(q.ptp);
    for (const doc of ['mue:1', 'mue:2', 'mue:3']) expect(version(body, doc)?.publisher_version).toBe(q.mue);
    const rr = (body.fee.facts as Json[]).find((f) => f.value.modifier === 'RR');
    expect(rr?.value.ceiling).toBe(q.rrCeiling);
    expect(rr?.value.state).toBe('NY');
    for (const f of [...body.standing.facts, ...body.fee.facts, ...body.edits.facts]) {
      expect(f.receipt.publisher_effective_from <= q.date).toBe(true);
      expect(f.receipt.publisher_effective_to === null || f.receipt.publisher_effective_to >= q.date).toBe(true);
    }
  });

  it('a date before the first version is a gap in every block, never a later version', async () => {
    const { status, body } = await get('hcpcs=E0601&as_of=2024-12-15&state=NY');
    expect(status).toBe(200);
    for (const b of ['standing', 'fee', 'edits', 'documentation']) {
      expect(body[b].status).toBe('gap');
      expect(body[b].facts).toEqual([]);
      expect(body[b].gaps.length).toBeGreaterThan(0);
      for (const g of body[b].gaps) expect(['no_version_in_force', 'source_not_loaded']).toContain(g.reason);
    }
  });

  it('a code terminated mid-history is active before its term date and terminated after it', async () => {
    const terminated = (await fixtureCodes()).find(
      (r) => r.termination_date && r.termination_date > '2025-01-01' && r.termination_date < '2025-09-30',
    );
    expect(terminated).toBeDefined();
    const term = terminated!.termination_date!;
    const before = await get(`hcpcs=${terminated!.code}&as_of=${term.slice(0, 8)}01`);
    const after = await get(`hcpcs=${terminated!.code}&as_of=2025-08-20`);
    const status = (b: Json) => b.standing.facts.find((f: Json) => f.kind === 'hcpcs_code')?.value.status_on_date;
    expect(status(after.body)).toBe('terminated');
    if (term.slice(0, 8) + '01' < term) expect(status(before.body)).toBe('active');
  });

  it('every receipt replays: the archived bytes re-parsed at the locator give the same fact', async () => {
    const answers = await Promise.all(
      ['E0601', 'K0001', 'A7030'].flatMap((c) =>
        QUARTERS.map((q) => get(`hcpcs=${c}&as_of=${q.date}&state=NY&npi=1529384707`)),
      ),
    );
    let checked = 0;
    const files = new Map<string, Buffer>();
    const seen = new Set<string>();
    for (const { body } of answers) {
      for (const block of ['standing', 'fee', 'edits', 'documentation']) {
        for (const fact of body[block].facts as Json[]) {
          for (const r of allReceipts(fact)) {
            const id = `${r.sha256}:${r.locator?.line}:${fact.kind}:${JSON.stringify(fact.value).length}`;
            if (seen.has(id)) continue;
            seen.add(id);
            if (!files.has(r.sha256)) files.set(r.sha256, await archivedBytes(r.sha256));
            const bytes = files.get(r.sha256)!;
            expect(createHash('sha256').update(bytes).digest('hex')).toBe(r.sha256);
            if (!r.locator) continue;
            const row = await replayRow(bytes, r);
            expect(row).toBeDefined();
            if (r === fact.receipt && ['hcpcs_code', 'dmepos_fee', 'mue', 'ptp', 'leie'].includes(fact.kind)) {
              for (const [k, v] of Object.entries(row!)) {
                if (k === 'fees') continue;
                // Fee amounts are checked below: a printed 0.00 is served as not_applicable, not as 0.
                if (fact.kind === 'dmepos_fee' && (k === 'ceiling' || k === 'floor')) continue;
                // The LEIE fact reports the exclusions group's entity type (organization / individual).
                if (fact.kind === 'leie' && k === 'entity_type') continue;
                if (k in fact.value) expect([k, fact.value[k]]).toEqual([k, v]);
              }
            }
            if (r === fact.receipt && fact.kind === 'dmepos_fee') {
              // The fee itself: the state's amounts in the re-parsed row, each either served as printed or,
              // when printed 0.00 (or in a column the state's area is not subject to), as not_applicable.
              const fee = (row!.fees as Record<string, { nonrural: number | null; rural: number | null }>)[
                fact.value.state
              ];
              const printed = { non_rural: fee?.nonrural, rural: fee?.rural, ceiling: row!.ceiling, floor: row!.floor };
              for (const [col, amount] of Object.entries(printed)) {
                const na = fact.value.not_applicable[col];
                if (na) expect([col, fact.value[col], na.published_as]).toEqual([col, null, Number(amount).toFixed(2)]);
                else expect([col, fact.value[col]]).toEqual([col, amount ?? null]);
              }
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('change records carry the codes each loaded version governs, read from its archived file', async () => {
    const res = await h.request('/v1/archive/changes?source_id=cms_hcpcs_level2&limit=1000', { headers: key.headers });
    expect(res.status).toBe(200);
    const items = ((await res.json()) as Json).items as Json[];
    const label = (v: string) => items.find((c) => c.doc_id === 'hcpcs:1' && c.publisher_version === v);
    expect(label('2025 JAN')?.affected_codes).toContain('E0601');
    expect(label('2025 JAN')?.affected_codes).not.toContain('K1040');
    expect(label('2025 APR')?.affected_codes).toContain('K1040');
    const byCode = await h.request('/v1/archive/changes?code=K1040&limit=1000', { headers: key.headers });
    const hits = ((await byCode.json()) as Json).items as Json[];
    expect(hits.length).toBeGreaterThan(0);
    for (const c of hits) expect(c.affected_codes).toContain('K1040');
  });

  it('says which versions in force have their facts loaded; documents without facts of their own say null', async () => {
    const { body } = await get('hcpcs=E0601&as_of=2025-05-15&state=NY');
    const rows = body.meta.versions_in_force as Json[];
    const inForce = rows.filter((r) => r.version_id !== null);
    expect(inForce.length).toBeGreaterThan(0);
    for (const r of inForce) {
      expect([r.doc_id, r.loaded]).toEqual([r.doc_id, hasLoader(r.doc_id) ? true : null]);
    }
    // The MCD join tables (titles, contractors, jurisdictions) are cited but carry no facts of their own.
    expect(inForce.some((r) => r.source_id === 'cms_mcd' && r.loaded === null)).toBe(true);
  });

  it('is signed, and the signature verifies with the published key', async () => {
    const { body } = await get('hcpcs=E0601&as_of=2025-05-15&state=NY');
    expect(body.attestation).toBeDefined();
    const keyRes = await h.request(`/rules/warrant/signing-key?kid=${body.attestation.kid}`);
    const pub = (await keyRes.json()) as Json;
    const v = verifySignedResponse(body, { kid: pub.kid, public_key_b64url: pub.public_key_b64url });
    expect(v.ok).toBe(true);
    const tampered = structuredClone(body);
    tampered.fee.facts[0].value.non_rural = 1;
    expect(verifySignedResponse(tampered, { kid: pub.kid, public_key_b64url: pub.public_key_b64url }).ok).toBe(false);
  });

  it('fee and documentation need a state: without one they are state_required gaps', async () => {
    const { body } = await get('hcpcs=E0601&as_of=2025-05-15');
    expect(body.fee.gaps[0].reason).toBe('state_required');
    expect(body.documentation.gaps[0].reason).toBe('state_required');
    expect(body.standing.status).toBe('held');
  });

  it('with an npi, standing reports the provider’s exclusion status from the LEIE in force', async () => {
    const excluded = await get('hcpcs=E0601&as_of=2025-03-15&npi=1529384707');
    const leie = excluded.body.standing.facts.find((f: Json) => f.kind === 'leie');
    expect(leie.value.excluded_on_date).toBe(true);
    expect(leie.receipt.doc_id).toBe('leie:1');
    // FENWICK is excluded on 2025-02-20 by the February supplement, before any full list shows it.
    const supplement = await get('hcpcs=E0601&as_of=2025-02-25&npi=1694038252');
    const viaSupplement = supplement.body.standing.facts.find((f: Json) => f.kind === 'leie');
    expect(viaSupplement.value.excluded_on_date).toBe(true);
    expect(viaSupplement.receipt.doc_id).toBe('leie:2');
    const earlier = await get('hcpcs=E0601&as_of=2025-01-15&npi=1694038252');
    expect(earlier.body.standing.facts.find((f: Json) => f.kind === 'leie')).toBeUndefined();
    // On no LEIE row, searched by NPI and by the registry's names for it: not listed.
    const clean = await get('hcpcs=E0601&as_of=2025-03-15&npi=1203847565');
    const none = clean.body.standing.facts.find((f: Json) => f.kind === 'leie_not_listed');
    expect(none.value).toMatchObject({ excluded_on_date: false, searched_by: ['npi', 'name'] });
    expect(none.receipt.locator).toBeNull();
    // An NPI the registry cannot name was searched by NPI only: never "not listed".
    const unknown = await get('hcpcs=E0601&as_of=2025-03-15&npi=1234567893');
    expect(unknown.body.standing.facts.filter((f: Json) => f.kind.startsWith('leie'))).toEqual([]);
    expect(unknown.body.standing.gaps).toEqual([
      expect.objectContaining({ kind: 'leie', reason: 'identity_unresolved' }),
    ]);
    // NORTHGATE's row carries no NPI: it is found by the registry's name for 1588203640 and its state.
    const byName = await get('hcpcs=E0601&as_of=2025-03-15&npi=1588203640');
    const hit = byName.body.standing.facts.find((f: Json) => f.kind === 'leie');
    expect(hit.value).toMatchObject({
      excluded_on_date: true,
      match: { method: 'name_state', name_source: 'registry' },
    });
    expect(hit.related_receipts.some((r: Json) => r.source_id === 'nppes')).toBe(true);
  });

  it('documentation lists the LCD for the contractor serving the state, per quarter', async () => {
    const ny = await get('hcpcs=E0601&as_of=2025-05-15&state=NY');
    const lcd = (ny.body.documentation.facts as Json[]).find((f) => f.value.display_id === 'L39901');
    expect(lcd?.value.states).toContain('NY');
    expect(lcd?.related_receipts?.length).toBeGreaterThan(0);
    const moQ2 = await get('hcpcs=E0601&as_of=2025-05-15&state=MO');
    expect(moQ2.body.documentation.status).toBe('gap');
    const moQ3 = await get('hcpcs=E0601&as_of=2025-08-20&state=MO');
    expect((moQ3.body.documentation.facts as Json[]).some((f) => f.value.display_id === 'L39901')).toBe(true);
    const fl = await get('hcpcs=E0601&as_of=2025-08-20&state=FL');
    expect(fl.body.documentation.status).toBe('gap');
  });

  it('a well-formed code no source knows is an answer with gaps, not an error', async () => {
    const { status, body } = await get('hcpcs=E9999&as_of=2025-05-15&state=NY');
    expect(status).toBe(200);
    expect(body.standing.gaps[0].reason).toBe('code_not_in_version');
    expect(body.fee.status).toBe('gap');
  });

  it('never serves CPT descriptors', async () => {
    const cpt = '95811';
    const { status, body } = await get(`hcpcs=${cpt}&as_of=2025-05-15&state=NY`);
    expect(status).toBe(200);
    expect(body.code_system).toBe('cpt');
    expect(body.standing.gaps[0].reason).toBe('not_applicable');
    const text = JSON.stringify(body);
    for (const f of [...body.edits.facts, ...body.documentation.facts, ...body.fee.facts]) {
      for (const k of ['description', 'long_description', 'short_description']) {
        if (k in f.value) expect(f.value[k]).toBeNull();
      }
    }
    expect(text).not.toMatch(/office or other outpatient visit/i);
  });

  it.each([
    ['hcpcs=E06&as_of=2025-05-15', 'hcpcs'],
    ['hcpcs=E0601&as_of=2025-02-30', 'as_of'],
    ['hcpcs=E0601&as_of=2025-05-15&dos=2025-05-16', 'dos'],
    ['hcpcs=E0601', 'as_of'],
    ['hcpcs=E0601&as_of=2025-05-15&npi=1234567890', 'npi'],
    ['hcpcs=E0601&as_of=2025-05-15&state=XX', 'state'],
  ])('bad input %s is a 400 problem naming %s', async (q, param) => {
    const { status, body } = await get(q);
    expect(status).toBe(400);
    expect(body.errors.map((e: Json) => e.loc[1])).toContain(param);
  });

  it('dos is an alias of as_of', async () => {
    const a = await get('hcpcs=E0601&dos=2025-05-15&state=NY');
    const b = await get('hcpcs=E0601&as_of=2025-05-15&dos=2025-05-15&state=NY');
    expect(a.body.meta.as_of).toBe('2025-05-15');
    expect(b.status).toBe(200);
  });

  it('is a paid entitlement: no key 401, free key 403 naming the tier', async () => {
    expect((await get('hcpcs=E0601&as_of=2025-05-15', {})).status).toBe(401);
    const free = await createTestKey(h.deps, 'free', []);
    const res = await get('hcpcs=E0601&as_of=2025-05-15', free.headers);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/starter|pro|tier/i);
  });

  it('loading a version twice changes nothing', async () => {
    const again = await syncFacts(h.deps);
    expect(again.filter((o) => o.status === 'loaded')).toEqual([]);
    const before = await get('hcpcs=E0601&as_of=2025-05-15&state=NY');
    const after = await get('hcpcs=E0601&as_of=2025-05-15&state=NY');
    const strip = (b: Json) => ({ ...b, attestation: undefined });
    expect(strip(after.body)).toEqual(strip(before.body));
  });

  it('changes: a PTP pair added in Q2 moves the edits block between a Q1 and a Q2 date of service', async () => {
    const res = await h.request('/rules/warrant/changes?hcpcs=E0601&from_dos=2025-02-14&to_dos=2025-05-15&state=NY', {
      headers: key.headers,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.any_change).toBe(true);
    expect(body.blocks.edits.changed).toBe(true);
    expect(body.blocks.edits.from.version_ids).not.toEqual(body.blocks.edits.to.version_ids);
    expect(body.attestation.signature).toEqual(expect.any(String));
    const same = (await (
      await h.request('/rules/warrant/changes?hcpcs=E0601&from_dos=2025-05-01&to_dos=2025-05-20&state=NY', {
        headers: key.headers,
      })
    ).json()) as Json;
    expect(same.any_change).toBe(false);
    const reversed = await h.request('/rules/warrant/changes?hcpcs=E0601&from_dos=2025-05-20&to_dos=2025-05-01', {
      headers: key.headers,
    });
    expect(reversed.status).toBe(400);
  });

  it('appeal: signed JSON with a citation per held fact, and a printable HTML page of it', async () => {
    const res = await h.request('/rules/warrant/appeal?hcpcs=E0601&dos=2025-05-15&state=NY&claim_reference=CLM-42', {
      headers: key.headers,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.claim_reference).toBe('CLM-42');
    expect(body.attestation).toBeDefined();
    expect(body.citations.fee.length).toBe(body.warrant.fee.facts.length);
    for (const c of body.citations.fee) {
      expect(c.publisher).toMatch(/Centers for Medicare/);
      expect(c.original_bytes_url).toBe(`http://localhost:8787/archive/files/${c.sha256}/original`);
      expect(c.version_label).toBe('APR 2025');
    }
    // Each fact is stated with its values: the RR fee row names its modifier and NY amounts.
    const rr = body.citations.fee.find((c: Json) => c.values.modifier === 'RR');
    expect(rr.statement).toMatch(
      /E0601 RR in NY: non-rural \$71\.95, rural \$77\.71; ceiling \$72\.45, floor \$61\.58/,
    );
    const mue = body.citations.edits.find((c: Json) => c.kind === 'mue');
    expect(mue.statement).toMatch(/at most \d+ unit\(s\) \(MAI \d/);
    const lcd = body.citations.documentation.find((c: Json) => c.values.display_id === 'L39901');
    expect(lcd.statement).toMatch(/LCD L39901 version \d+ .*lists E0601 in code group \d/);
    expect(body.contractors.length).toBeGreaterThan(0);
    expect(body.verification_steps.length).toBeGreaterThanOrEqual(4);
    // A reviewer without an API key reaches the cited bytes, and their sha256 matches.
    const noKey = await h.request(new URL(rr.original_bytes_url).pathname);
    expect(noKey.status).toBe(302);
    const bytes = Buffer.from(await (await fetch(noKey.headers.get('location')!)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(rr.sha256);
    const asOf = await h.request(new URL(rr.as_of_url).pathname + new URL(rr.as_of_url).search);
    expect(asOf.status).toBe(200);
    expect(((await asOf.json()) as Json).version.version_id).toBe(rr.version_id);
    const html = await h.request('/rules/warrant/appeal?hcpcs=E0601&dos=2025-05-15&state=NY&format=html', {
      headers: key.headers,
    });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const page = await html.text();
    expect(page).toContain('Payment appeal exhibit');
    expect(page).toContain(body.citations.fee[0].sha256);
    expect(page).toContain(body.attestation.kid);
    expect(page).toMatch(/Signed with Ed25519 key .* at 20\d\d-/);
    expect(page).toContain('non-rural $71.95');
    // The page embeds the signed JSON it renders, which verifies on its own.
    const embedded = /<pre>([\s\S]*)<\/pre>/
      .exec(page)![1]!
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    const pub = (await (await h.request('/rules/warrant/signing-key')).json()) as Json;
    expect(
      verifySignedResponse(JSON.parse(embedded), { kid: pub.kid, public_key_b64url: pub.public_key_b64url }).ok,
    ).toBe(true);
  });

  it('rule reads answer the single fact with its receipt, or a gap', async () => {
    const read = async (q: string) => (await (await h.request(q, { headers: key.headers })).json()) as Json;
    const before = await read('/rules/ncci/ptp?column1=E0601&column2=E0561&as_of=2025-03-01');
    expect(before.result.status).toBe('gap');
    const after = await read('/rules/ncci/ptp?column1=E0601&column2=E0561&dos=2025-05-15');
    expect(after.result.status).toBe('held');
    expect(after.result.facts[0].value.effective_date).toBe('2025-04-01');
    const deleted = await read('/rules/ncci/ptp?column1=K0001&column2=E0950&as_of=2025-08-20');
    expect(deleted.result.status).toBe('gap');
    const fee = await read('/rules/dmepos/fee?hcpcs=E0601&state=NY&modifier=RR&as_of=2025-05-15');
    expect(fee.result.status).toBe('held');
    expect(fee.result.facts.every((f: Json) => f.value.modifier === 'RR' || f.value.modifier2 === 'RR')).toBe(true);
    expect(typeof fee.result.facts[0].value.non_rural).toBe('number');
    const mue = await read('/rules/ncci/mue?hcpcs=E0601&as_of=2025-05-15&setting=dme');
    expect(mue.result.facts.every((f: Json) => f.value.setting === 'dme')).toBe(true);
    const bad = await h.request('/rules/ncci/mue?hcpcs=E0601&as_of=2025-05-15&setting=hospital', {
      headers: key.headers,
    });
    expect(bad.status).toBe(400);
    const noState = await h.request('/rules/dmepos/fee?hcpcs=E0601&as_of=2025-05-15', { headers: key.headers });
    expect(noState.status).toBe(400);
  });

  it('/accuracy: computed from stored check runs that re-read facts from archived bytes, with variance', async () => {
    const first = await runAccuracyCheck(h.deps, { sample: 10 });
    const hcpcs = first.find((r) => r.source_id === 'cms_hcpcs_level2')!;
    expect(hcpcs.checked).toBeGreaterThan(0);
    expect(hcpcs.matched).toBe(hcpcs.checked);
    // Corrupt one stored fact: the next run must notice, and the variance must move off zero.
    // The newest version's fact: the check samples the newest loaded versions of each source.
    const [item] = (await h.deps.tables.facts.query('C#E0601', { beginsWith: 'cms_hcpcs_level2#', descending: true }))
      .items;
    await h.deps.tables.facts.put({ ...item!, value: { ...(item!.value as Json), long_description: 'tampered' } });
    await runAccuracyCheck(h.deps, { sample: 10 });
    const res = await h.request('/accuracy');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    const src = (body.sources as Json[]).find((s) => s.source_id === 'cms_hcpcs_level2')!;
    expect(src.runs).toBeGreaterThanOrEqual(2);
    expect(src.latest.accuracy).toBeLessThan(1);
    expect(src.variance).toBeGreaterThan(0);
    await h.deps.tables.facts.put(item!);
  });
});
