import { execFile } from 'node:child_process';
import { sign } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SSMClient } from '@aws-sdk/client-ssm';
import { serve } from '@hono/node-server';
import { createRoute, z } from '@hono/zod-openapi';
import { warrantGroup } from '../../functions/warrant/routes';
import { ensureSigningKey } from '../../functions/warrant/startup';
import { buildApp } from '../../shared/app/build';
import { keyFromSeed, newSeed } from '../../shared/attestation/key';
import { renderKeyFile } from '../../shared/attestation/key-material';
import { VERIFY_RECIPE } from '../../shared/attestation/key-resource';
import { createKeyRing } from '../../shared/attestation/key-ring';
import { withAttestation } from '../../shared/attestation/schemas';
import { signedJson } from '../../shared/attestation/signed-json';
import { signingInput, verifySignedResponse } from '../../shared/attestation/verify';
import { awsKeyMaterial } from '../../shared/aws/key-material-store';
import { parseConfig } from '../../shared/config';
import type { RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { type Engines, startEngines } from '../../shared/local/engines';
import { createLogger } from '../../shared/log';
import { type Harness, startHarness } from '../helpers/harness';
import { createTestKey } from '../helpers/keys';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const previous = keyFromSeed(newSeed()).public;

const testRoute = createRoute({
  method: 'get',
  path: '/rules/warrant/test-signed',
  responses: {
    200: jsonResponse(withAttestation(z.object({ hcpcs: z.string() }).passthrough()).openapi('T'), 'signed'),
    ...problemResponses(),
  },
});
/** The warrant group plus one signed route, as the warrant reads will be added to it. */
const signedGroup: RouteGroup = {
  name: 'warrant-test',
  description: 'test',
  build(deps) {
    const router = warrantGroup.build(deps);
    router.openapi(testRoute, (c) =>
      signedJson(c, { hcpcs: 'J9271', fee: { amount: 0.1, big: 1e21 }, note: 'Añasco €' }, 200),
    );
    return router;
  },
};

describe('signing key: startup, GET /rules/warrant/signing-key, signed answers over HTTP', () => {
  let engines: Engines;
  let h: Harness;
  let dataDir: string;
  let server: ReturnType<typeof serve>;
  let baseUrl: string;
  let app: ReturnType<typeof buildApp> | undefined;
  let startupLine: string;

  beforeAll(async () => {
    engines = await startEngines();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-key-it-'));
    server = serve({ fetch: (req) => app!.fetch(req), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    h = await startHarness({
      engines,
      env: {
        SIGNING_KEY_SOURCE: 'file',
        DATA_DIR: dataDir,
        PUBLIC_BASE_URL: baseUrl,
        SIGNING_PREVIOUS_PUBLIC_KEYS: previous.b64url,
      },
    });
    startupLine = (await ensureSigningKey(h.deps))[0] ?? '';
    app = buildApp([signedGroup], h.deps);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.close();
    await engines.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('npm start generates the key once under the data folder, mode 0600, and names it', async () => {
    const file = path.join(dataDir, 'signing-key.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(startupLine).toMatch(
      /^signing key ed25519-[0-9a-f]{16} \(public key at \/rules\/warrant\/signing-key; generated in /,
    );
    const [again] = await ensureSigningKey(h.deps);
    expect(again).toContain(startupLine.slice(0, 'signing key ed25519-'.length + 16));
    expect(again).toMatch(/kept in/);
  });

  it('serves the current key without an API key, with exactly the spec fields', async () => {
    const res = await h.request('/rules/warrant/signing-key');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['alg', 'canonicalization', 'kid', 'public_key_b64url', 'public_key_pem', 'verify'].sort(),
    );
    expect(startupLine).toContain(body.kid);
    expect(body).toMatchObject({ alg: 'Ed25519', canonicalization: 'RFC8785', verify: VERIFY_RECIPE });
    expect(body.verify).not.toMatch(/\n/);
    const raw = Buffer.from(body.public_key_b64url, 'base64url');
    expect(raw).toHaveLength(32);
    const der = Buffer.from(body.public_key_pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    expect(der.subarray(-32).equals(raw)).toBe(true);
    expect(res.headers.get('cache-control')).toMatch(/max-age=/);
  });

  it('?kid= answers the current or a previous key; an unknown kid is 404, a malformed one 400', async () => {
    const current = await (await h.request('/rules/warrant/signing-key')).json();
    expect((await (await h.request(`/rules/warrant/signing-key?kid=${current.kid}`)).json()).kid).toBe(current.kid);
    const old = await h.request(`/rules/warrant/signing-key?kid=${previous.kid}`);
    expect(old.status).toBe(200);
    expect((await old.json()).public_key_b64url).toBe(previous.b64url);
    const unknown = await h.request('/rules/warrant/signing-key?kid=ed25519-0000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    expect((await unknown.json()).detail).toContain('ed25519-0000000000000000');
    const bad = await h.request('/rules/warrant/signing-key?kid=rsa-1');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].loc).toEqual(['query', 'kid']);
  });

  it('a signed answer passes through the whole app (auth, quota headers) and verifies from its HTTP bytes', async () => {
    const key = await createTestKey(h.deps);
    const res = await fetch(`${baseUrl}/rules/warrant/test-signed`, { headers: key.headers });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.attestation.public_key_url).toBe(`${baseUrl}/rules/warrant/signing-key?kid=${body.attestation.kid}`);
    const published = await (await fetch(body.attestation.public_key_url)).json();
    expect(verifySignedResponse(body, published)).toMatchObject({ ok: true, kid: published.kid });

    // The CLI: key from public_key_url (step 1 over HTTP), from --key URL, and a tampered copy.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-cli-'));
    try {
      fs.writeFileSync(path.join(dir, 'ok.json'), text);
      fs.writeFileSync(path.join(dir, 'bad.json'), text.replace('Añasco', 'Anasco'));
      const cli = (...args: string[]) =>
        run('node', ['-r', '@swc-node/register', 'scripts/verify.ts', ...args], { cwd: ROOT }).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
        );
      // Key only from the response's own URL: intact, but unpinned (exit 3) unless that origin is trusted.
      const viaUrl = await cli(path.join(dir, 'ok.json'));
      expect(viaUrl.code).toBe(3);
      expect(viaUrl.out).toMatch(new RegExp(`^UNPINNED: the signature verifies under kid ${published.kid}`));
      const trusted = await cli(path.join(dir, 'ok.json'), '--trust-origin', baseUrl);
      expect(trusted).toEqual({
        code: 0,
        out: `verified: signed by kid ${published.kid}, issued_at ${body.attestation.issued_at}\n`,
      });
      expect((await cli(path.join(dir, 'ok.json'), '--key', `${baseUrl}/rules/warrant/signing-key`)).code).toBe(0);
      const tampered = await cli(path.join(dir, 'bad.json'), '--key', `${baseUrl}/rules/warrant/signing-key`);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toMatch(/^NOT VERIFIED/);
      expect((await cli(path.join(dir, 'ok.json'), '--trust-origin', 'ftp://x')).code).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a forged answer signed with an attacker key fails: under the real kid it is refused, under its own kid it is unpinned', async () => {
    const key = await createTestKey(h.deps);
    const real = JSON.parse(
      await (await fetch(`${baseUrl}/rules/warrant/test-signed`, { headers: key.headers })).text(),
    );
    const attacker = keyFromSeed(newSeed());
    // The attacker's server answers any kid with the attacker's key, labelled as asked.
    const evil = http.createServer((req, res) => {
      const kid = new URL(req.url ?? '/', 'http://x').searchParams.get('kid') ?? attacker.public.kid;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ kid, alg: 'Ed25519', public_key_b64url: attacker.public.b64url }));
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-forged-'));
    const forge = (kid: string) => {
      const body = { ...real, hcpcs: 'J9999', attestation: { ...real.attestation, kid } };
      body.attestation.public_key_url = `${evilUrl}/rules/warrant/signing-key?kid=${kid}`;
      delete body.attestation.signature;
      body.attestation.signature = sign(null, Buffer.from(signingInput(body)), attacker.privateKey).toString(
        'base64url',
      );
      return JSON.stringify(body);
    };
    try {
      fs.writeFileSync(path.join(dir, 'real-kid.json'), forge(real.attestation.kid));
      fs.writeFileSync(path.join(dir, 'own-kid.json'), forge(attacker.public.kid));
      const cli = (...args: string[]) =>
        run('node', ['-r', '@swc-node/register', 'scripts/verify.ts', ...args], { cwd: ROOT }).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
        );
      const borrowed = await cli(path.join(dir, 'real-kid.json'), '--trust-origin', baseUrl);
      expect(borrowed.code).toBe(1);
      expect(borrowed.out).toMatch(/^NOT VERIFIED .*a substituted or forged key/);
      const own = await cli(path.join(dir, 'own-kid.json'), '--trust-origin', baseUrl);
      expect(own.code).toBe(3);
      expect(own.out).toMatch(/^UNPINNED/);
      const pinned = await cli(path.join(dir, 'own-kid.json'), '--key', `${baseUrl}/rules/warrant/signing-key`);
      expect(pinned.code).toBe(1);
      expect(pinned.out).toMatch(/no key with kid/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await new Promise((r) => evil.close(r));
    }
  });

  it('with SIGNING_KEY_SOURCE=none: the key endpoint is a 404 problem, previous keys still answer, answers are unsigned', async () => {
    const none = await startHarness({
      engines,
      env: { SIGNING_KEY_SOURCE: 'none', SIGNING_PREVIOUS_PUBLIC_KEYS: previous.b64url },
    });
    try {
      const res = await none.request('/rules/warrant/signing-key');
      expect(res.status).toBe(404);
      expect((await res.json()).detail).toMatch(/No signing key is configured on this deployment/);
      expect((await none.request(`/rules/warrant/signing-key?kid=${previous.kid}`)).status).toBe(200);
      const key = await createTestKey(none.deps);
      const signed = await buildApp([signedGroup], none.deps).request('/rules/warrant/test-signed', {
        headers: key.headers,
      });
      expect(signed.status).toBe(200);
      expect(await signed.json()).not.toHaveProperty('attestation');
      expect(await ensureSigningKey(none.deps)).toEqual([expect.stringMatching(/^signing off/)]);
    } finally {
      await none.close();
    }
  });
});

describe('AWS key sources through the real SDK (Secrets Manager and SSM wire protocol on a local endpoint)', () => {
  const key = keyFromSeed(newSeed());
  const seen: { target: string; body: Record<string, unknown> }[] = [];
  let endpoint: string;
  let fake: http.Server;

  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        const target = String(req.headers['x-amz-target']);
        const body = JSON.parse(data || '{}') as Record<string, unknown>;
        seen.push({ target, body });
        res.setHeader('content-type', 'application/x-amz-json-1.1');
        if (target === 'secretsmanager.GetSecretValue' && body.SecretId === 'warrant/signing-key') {
          res.end(
            JSON.stringify({
              ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:x',
              Name: body.SecretId,
              SecretString: renderKeyFile(key, new Date(0)),
            }),
          );
        } else if (target === 'AmazonSSM.GetParameter' && body.Name === '/warrant/signing-key') {
          const pem = key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
          res.end(JSON.stringify({ Parameter: { Name: body.Name, Type: 'SecureString', Value: pem, Version: 1 } }));
        } else {
          res.statusCode = 400;
          res.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'not found' }));
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', () => resolve()));
    endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const clients = () => {
    const opts = {
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      maxAttempts: 1,
    };
    return { secretsManager: new SecretsManagerClient(opts), ssm: new SSMClient(opts) };
  };
  const ringFor = (env: Record<string, string>) => {
    const config = parseConfig({
      STORAGE: 'aws',
      LOG_LEVEL: 'silent',
      API_KEY_PEPPER: 'p'.repeat(24),
      WEBHOOK_SECRET_KEY: 'k'.repeat(43),
      ...env,
    });
    return createKeyRing(config, {
      clock: { now: () => new Date() },
      logger: createLogger('silent'),
      fetchMaterial: awsKeyMaterial(config, clients()),
    });
  };

  it('loads the key from a Secrets Manager secret (key-file JSON)', async () => {
    const ring = ringFor({ SIGNING_KEY_SOURCE: 'secret', SIGNING_KEY_SECRET_ID: 'warrant/signing-key' });
    expect((await ring.current())?.public.kid).toBe(key.public.kid);
    expect(seen.at(-1)).toEqual({ target: 'secretsmanager.GetSecretValue', body: { SecretId: 'warrant/signing-key' } });
  });

  it('loads the key from an SSM SecureString parameter (PKCS#8 PEM), decrypted', async () => {
    const ring = ringFor({ SIGNING_KEY_SOURCE: 'parameter', SIGNING_KEY_PARAMETER: '/warrant/signing-key' });
    expect((await ring.current())?.public.kid).toBe(key.public.kid);
    expect(seen.at(-1)).toEqual({
      target: 'AmazonSSM.GetParameter',
      body: { Name: '/warrant/signing-key', WithDecryption: true },
    });
  });

  it('a missing secret is a 503 for the caller, and the SDK error is what the ring saw', async () => {
    const ring = ringFor({ SIGNING_KEY_SOURCE: 'secret', SIGNING_KEY_SECRET_ID: 'nope' });
    await expect(ring.current()).rejects.toMatchObject({ status: 503 });
    await expect(clients().secretsManager.send(new GetSecretValueCommand({ SecretId: 'nope' }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});
