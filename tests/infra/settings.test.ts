import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../../infra/app';
import { namesFor } from '../../infra/naming';
import { readSettings } from '../../infra/settings';
import { parseConfig } from '../../shared/config';
import { environmentOf, everyGrantedGroup, statementsOf, synth } from './synth';

const ctx = (o: Record<string, unknown>) => (k: string) => o[k];

describe('deployment settings from CDK context', () => {
  it('derives every name from the stage and refers to the signing key by name only', () => {
    const s = readSettings(ctx({ stage: 'eu', signingKeySecretName: 'ws/key' }), '/repo');
    expect(s).toMatchObject({
      namePrefix: 'warrant-eu',
      signingKey: { kind: 'secret', name: 'ws/key' },
      bundleDir: '/repo/dist/lambda',
    });
    expect(readSettings(ctx({}), '/repo').signingKey).toEqual({ kind: 'none' });
    // Following links behind publisher license click-throughs is the operator's explicit choice.
    expect(readSettings(ctx({}), '/repo').acceptLicenseGates).toBe(false);
    expect(readSettings(ctx({ acceptLicenseGates: 'true' }), '/repo').acceptLicenseGates).toBe(true);
  });

  it.each([
    [{ signingKeySecretName: 'a', signingKeyParameterName: '/b' }, /not both/],
    [{ publicBaseUrl: 'http://api.example.org' }, /publicBaseUrl: an https URL/],
    [{ apiRateLimit: '-3' }, /apiRateLimit: a positive integer/],
    [{ acceptLicenseGates: 'yes' }, /acceptLicenseGates: true or false/],
    [{ mcpAllowedOrigins: 'https://a.example/path' }, /mcpAllowedOrigins: comma-separated origins/],
  ])('stops synthesis on a bad value, naming the key: %j', (values, message) => {
    expect(() => readSettings(ctx(values), '/repo')).toThrow(message);
  });

  it('rejects a name prefix that cannot become part of a bucket name', () => {
    expect(() => namesFor('Warrant_Prod')).toThrow(/name prefix/);
  });

  it('reads the signing key from an SSM parameter when named; a secrets revision re-resolves injected secrets', () => {
    const s = synth({
      routes: everyGrantedGroup(),
      context: { signingKeySecretName: '', signingKeyParameterName: '/warrant-test/signing-key', secretsRevision: '2' },
    });
    try {
      const names = namesFor('warrant-test');
      expect(environmentOf(s.api, names.fn('warrant'))).toMatchObject({
        SIGNING_KEY_SOURCE: 'parameter',
        SIGNING_KEY_PARAMETER: '/warrant-test/signing-key',
      });
      const ssm = statementsOf(s.api, names.fn('warrant')).filter((st) => st.actions.includes('ssm:GetParameter'));
      expect(ssm.flatMap((st) => st.resources)).toEqual([
        expect.stringMatching(/:parameter\/warrant-test\/signing-key$/),
      ]);
      expect(statementsOf(s.api, names.fn('warrant')).flatMap((st) => st.actions)).not.toContain(
        'secretsmanager:GetSecretValue',
      );
      expect(environmentOf(s.api, names.fn('admin'))).toMatchObject({ SECRETS_REVISION: '2' });
      // Not accepted in this context: the fetch job does not follow license-gated links.
      expect(environmentOf(s.jobs, names.fn('fetch'))).not.toHaveProperty('FETCH_ACCEPT_LICENSE_GATES');
      expect(environmentOf(s.api, names.fn('meta'))).not.toHaveProperty('SECRETS_REVISION');
    } finally {
      s.cleanup();
    }
  });

  it('refuses to synthesize without the bundles, pointing at npm run build', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'infra-nobundle-'));
    try {
      const app = new App({ context: { stage: 'test', bundleDir: empty }, outdir: path.join(empty, 'out') });
      expect(() => buildApp(app)).toThrow(/no bundle at .*index\.js: run npm run build first/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('license gates in the deployed fetch job', () => {
  it('sets FETCH_ACCEPT_LICENSE_GATES on the fetch job only when the context accepts them', () => {
    const s = synth({ routes: everyGrantedGroup(), context: { acceptLicenseGates: 'true' } });
    try {
      const names = namesFor('warrant-test');
      expect(environmentOf(s.jobs, names.fn('fetch'))).toMatchObject({ FETCH_ACCEPT_LICENSE_GATES: 'true' });
      expect(environmentOf(s.jobs, names.fn('delivery'))).not.toHaveProperty('FETCH_ACCEPT_LICENSE_GATES');
      expect(environmentOf(s.api, names.fn('archive'))).not.toHaveProperty('FETCH_ACCEPT_LICENSE_GATES');
    } finally {
      s.cleanup();
    }
  });
});

describe('browser origins of the deployed agent-tool surface', () => {
  it('passes mcpAllowedOrigins to the mcp function only, as MCP_ALLOWED_ORIGINS the function parses', () => {
    const origins = 'https://app.example.com,http://localhost:6274';
    const s = synth({ routes: everyGrantedGroup(), context: { mcpAllowedOrigins: origins } });
    try {
      const names = namesFor('warrant-test');
      const env = environmentOf(s.api, names.fn('mcp'));
      expect(env).toMatchObject({ MCP_ALLOWED_ORIGINS: origins });
      expect(parseConfig({ MCP_ALLOWED_ORIGINS: env.MCP_ALLOWED_ORIGINS as string }).mcp.allowedOrigins).toEqual(
        origins.split(','),
      );
      expect(environmentOf(s.api, names.fn('warrant'))).not.toHaveProperty('MCP_ALLOWED_ORIGINS');
    } finally {
      s.cleanup();
    }
  });

  it('sends the mcp function’s tool calls to the HTTP API’s own endpoint, and gives it no table, bucket or key', () => {
    const s = synth({ routes: everyGrantedGroup() });
    try {
      const names = namesFor('warrant-test');
      const env = environmentOf(s.api, names.fn('mcp'));
      // The endpoint is the HttpApi's own ApiEndpoint attribute, never a constant (nor the custom domain).
      const [logicalId, attribute] = (env.MCP_UPSTREAM_URL as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
      expect(attribute).toBe('ApiEndpoint');
      expect(s.api.toJSON().Resources[logicalId]?.Type).toBe('AWS::ApiGatewayV2::Api');
      expect(env).toMatchObject({ TABLES: 'none', SIGNING_KEY_SOURCE: 'none' });
      expect(Object.keys(env).filter((k) => /^(TABLE_|ARCHIVE_BUCKET|API_KEY_PEPPER)/.test(k))).toEqual([]);
      expect(environmentOf(s.api, names.fn('warrant'))).not.toHaveProperty('MCP_UPSTREAM_URL');
    } finally {
      s.cleanup();
    }
  });
});
