import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { warrantGroup } from '../../../functions/warrant/routes';
import { SIGNED_STATEMENT } from '../../../shared/attestation/attest';
import { ISSUED_AT_PATTERN, issuedAt } from '../../../shared/attestation/issued-at';
import { createKeyRing } from '../../../shared/attestation/key-ring';
import { withAttestation } from '../../../shared/attestation/schemas';
import {
  createResponseSigner,
  provideSigner,
  type ResponseSigner,
  signedJson,
} from '../../../shared/attestation/signed-json';
import { verifySignedResponse } from '../../../shared/attestation/verify';
import { buildDeps } from '../../../shared/aws/deps';
import { type Env, parseConfig } from '../../../shared/config';
import type { Deps } from '../../../shared/deps';
import { systemClock } from '../../../shared/deps';
import { createRouter, type RouteGroup } from '../../../shared/http/app';
import { renderProblem } from '../../../shared/http/problem';
import { requestContext } from '../../../shared/http/request-context';
import { jsonResponse, problemResponses } from '../../../shared/http/schemas';
import { createLogger } from '../../../shared/log';
import { sampleResponse } from './fixtures';

const clock = { now: () => new Date('2026-11-21T19:07:46.285Z') };
const logger = createLogger('silent');

const Answer = withAttestation(z.object({ hcpcs: z.string(), n: z.number() }).passthrough()).openapi('TestAnswer');
const answerRoute = createRoute({
  method: 'get',
  path: '/rules/warrant/test-signed',
  responses: { 200: jsonResponse(Answer, 'signed'), ...problemResponses(503) },
});

/** A route group like the warrant routes will be: typed route, final body, `signedJson` last. */
function testGroup(body: () => object, signer?: ResponseSigner): RouteGroup {
  return {
    name: 'test',
    description: 'test',
    build() {
      const router = createRouter();
      if (signer) router.use('/rules/warrant/*', provideSigner(signer));
      router.openapi(answerRoute, (c) => signedJson(c, body() as { hcpcs: string; n: number }, 200));
      return router;
    },
  };
}

/**
 * The app's own request context and error renderer without access control (which needs storage);
 * tests/integration/public-key.test.ts runs the same checks through buildApp and real storage.
 */
function buildApp(groups: RouteGroup[], deps: Deps) {
  const app = createRouter();
  app.use('*', requestContext(deps));
  app.onError((err, c) => renderProblem(c, err));
  for (const g of groups) app.route('/', g.build(deps));
  return app;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attest-signed-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function appWith(env: Env, body: () => object = sampleResponse) {
  const config = parseConfig({
    STORAGE: 'local',
    DATA_DIR: dir,
    PUBLIC_BASE_URL: 'https://api.example.com',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const deps = buildDeps(config, { clock, logger });
  // The warrant group installs the signer for every /rules/warrant path and serves the key.
  const warrant = warrantGroup.build(deps);
  const group: RouteGroup = {
    name: 'both',
    description: '',
    build() {
      warrant.openapi(answerRoute, (c) => signedJson(c, body() as { hcpcs: string; n: number }, 200));
      return warrant;
    },
  };
  return buildApp([group], deps);
}

describe('signedJson on a route of the warrant group', () => {
  it('attaches exactly the spec fields, signs the final body and sends the signed bytes', async () => {
    const app = appWith({ SIGNING_KEY_SOURCE: 'file' });
    const res = await app.request('/rules/warrant/test-signed');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(text).toBe(JSON.stringify(body));
    const { attestation, ...rest } = body;
    expect(rest).toEqual(JSON.parse(JSON.stringify(sampleResponse())));
    expect(Object.keys(attestation)).toEqual([
      'alg',
      'kid',
      'issued_at',
      'canonicalization',
      'signed',
      'public_key_url',
      'signature',
    ]);
    expect(attestation).toMatchObject({
      alg: 'Ed25519',
      issued_at: '2026-11-21T19:07:46.285000+00:00',
      canonicalization: 'RFC8785',
      signed: SIGNED_STATEMENT,
      public_key_url: `https://api.example.com/rules/warrant/signing-key?kid=${attestation.kid}`,
    });
    expect(attestation.kid).toMatch(/^ed25519-[0-9a-f]{16}$/);
    expect(attestation.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);

    // Step 1 through the app: the public_key_url path resolves to the key that verifies.
    const keyRes = await app.request(
      new URL(attestation.public_key_url).pathname + new URL(attestation.public_key_url).search,
    );
    expect(keyRes.status).toBe(200);
    expect(verifySignedResponse(body, await keyRes.json())).toMatchObject({ ok: true, kid: attestation.kid });
  });

  it('with no key configured, answers the body unchanged with no attestation block at all', async () => {
    const app = appWith({ SIGNING_KEY_SOURCE: 'none' });
    const res = await app.request('/rules/warrant/test-signed');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual(JSON.parse(JSON.stringify(sampleResponse())));
    expect('attestation' in body).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a configured key that cannot be loaded is a 503 problem, never an unsigned answer', async () => {
    const config = parseConfig({
      STORAGE: 'local',
      SIGNING_KEY_SOURCE: 'secret',
      SIGNING_KEY_SECRET_ID: 's',
      LOG_LEVEL: 'silent',
    });
    const keys = createKeyRing(config, {
      clock,
      logger,
      fetchMaterial: async () => {
        throw new Error('AccessDenied');
      },
    });
    const app = buildApp(
      [testGroup(sampleResponse, createResponseSigner(keys, clock, 'http://x'))],
      buildDeps(config, { logger }),
    );
    const res = await app.request('/rules/warrant/test-signed');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(JSON.stringify(await res.json())).not.toMatch(/hcpcs/);
  });

  it('is a 500 (a programming error) without provideSigner or when the body already has attestation', async () => {
    const config = parseConfig({ STORAGE: 'local', SIGNING_KEY_SOURCE: 'none', LOG_LEVEL: 'silent' });
    const deps = buildDeps(config, { logger });
    expect((await buildApp([testGroup(sampleResponse)], deps).request('/rules/warrant/test-signed')).status).toBe(500);
    const app = appWith({ SIGNING_KEY_SOURCE: 'file' }, () => ({ hcpcs: 'x', n: 1, attestation: {} }));
    expect((await app.request('/rules/warrant/test-signed')).status).toBe(500);
  });

  it('signs what the client will parse: undefined members dropped, dates as strings, repeated objects', async () => {
    const shared = { a: 1 };
    const app = appWith({ SIGNING_KEY_SOURCE: 'file' }, () => ({
      hcpcs: 'x',
      n: 2,
      gone: undefined,
      when: new Date('2025-01-02T03:04:05Z'),
      list: [shared, shared],
      ab: shared,
      a: shared,
    }));
    const res = await app.request('/rules/warrant/test-signed');
    const body = await res.json();
    expect(body.gone).toBeUndefined();
    expect(body.when).toBe('2025-01-02T03:04:05.000Z');
    const key = await (await app.request('/rules/warrant/signing-key')).json();
    expect(verifySignedResponse(body, key).ok).toBe(true);
  });
});

describe('issued_at', () => {
  it('is ISO 8601 with microseconds and +00:00, fixed under a fixed clock', () => {
    expect(issuedAt(clock)).toBe('2026-11-21T19:07:46.285000+00:00');
    expect(issuedAt(clock)).toBe(issuedAt(clock));
  });

  it('with the system clock it refines the current millisecond', () => {
    const before = Date.now();
    const s = issuedAt(systemClock);
    const after = Date.now();
    expect(s).toMatch(ISSUED_AT_PATTERN);
    const ms = Date.parse(s.replace(/(\.\d{3})\d{3}\+00:00$/, '$1Z'));
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });
});
