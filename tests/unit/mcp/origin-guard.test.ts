import { buildApp } from '../../../shared/app/build';
import { buildDeps } from '../../../shared/aws/deps';
import { ConfigError, parseConfig } from '../../../shared/config';
import { createRouter, type RouteGroup } from '../../../shared/http/app';
import { createLogger } from '../../../shared/log';
import { originGuard } from '../../../shared/mcp/origin-guard';

/** The DNS-rebinding guard of /mcp, on a deployed (https) and a local base URL. */
function appFor(env: Record<string, string>) {
  const config = parseConfig({ STORAGE: 'local', SIGNING_KEY_SOURCE: 'none', LOG_LEVEL: 'silent', ...env });
  const group: RouteGroup = {
    name: 't',
    description: 'probe',
    build(deps) {
      const r = createRouter();
      r.use('/mcp', originGuard(deps.config));
      r.post('/mcp', (c) => c.text('ok'));
      return r;
    },
  };
  return buildApp([group], buildDeps(config, { logger: createLogger('silent') }));
}

// /mcp stands in for the route here: the policy makes it public, so no key is needed.
const post = (app: ReturnType<typeof appFor>, url: string, headers: Record<string, string> = {}) =>
  app.request(url, { method: 'POST', headers });

describe('originGuard', () => {
  const deployed = appFor({
    PUBLIC_BASE_URL: 'https://api.example.com',
    MCP_ALLOWED_ORIGINS: 'https://agent.example.org, http://localhost:6274',
  });

  it('deployed: no Origin, the own origin and the allowed ones pass; any Host is served', async () => {
    expect((await post(deployed, 'https://api.example.com/mcp')).status).toBe(200);
    expect((await post(deployed, 'https://api.example.com/mcp', { origin: 'https://api.example.com' })).status).toBe(
      200,
    );
    expect((await post(deployed, 'https://api.example.com/mcp', { origin: 'https://agent.example.org' })).status).toBe(
      200,
    );
    expect((await post(deployed, 'https://abc.execute-api.us-east-1.amazonaws.com/mcp')).status).toBe(200);
  });

  it('deployed: another origin, a loopback one not listed, or a lookalike is a 403 problem naming the header', async () => {
    for (const origin of [
      'https://evil.example.com',
      'http://localhost:3000',
      'https://api.example.com.evil.net',
      'null',
    ]) {
      const res = await post(deployed, 'https://api.example.com/mcp', { origin });
      expect({ origin, status: res.status }).toEqual({ origin, status: 403 });
      const body = (await res.json()) as { type: string; errors: { loc: string[] }[] };
      expect(body.type).toBe('https://api.example.com/problems/origin-not-allowed');
      expect(body.errors[0]!.loc).toEqual(['header', 'origin']);
    }
  });

  it('local: loopback origins and hosts pass; a rebound Host is refused', async () => {
    const local = appFor({ PUBLIC_BASE_URL: 'http://localhost:8787' });
    expect((await post(local, 'http://127.0.0.1:8787/mcp', { origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await post(local, 'http://[::1]:8787/mcp')).status).toBe(200);
    const rebound = await post(local, 'http://attacker.example:8787/mcp');
    expect(rebound.status).toBe(403);
    expect(((await rebound.json()) as { errors: { loc: string[] }[] }).errors[0]!.loc).toEqual(['header', 'host']);
    expect((await post(local, 'http://localhost:8787/mcp', { origin: 'http://evil.example.com' })).status).toBe(403);
  });

  it('MCP_ALLOWED_ORIGINS takes origins only: a path, a bare host or another scheme is a config error naming it', () => {
    for (const bad of ['https://a.example/path', 'a.example', 'ftp://a.example', 'https://a.example/']) {
      expect(() => parseConfig({ MCP_ALLOWED_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => parseConfig({ MCP_ALLOWED_ORIGINS: bad })).toThrow(/MCP_ALLOWED_ORIGINS/);
    }
    expect(parseConfig({ MCP_ALLOWED_ORIGINS: ' https://a.example ,http://b.example:81' }).mcp.allowedOrigins).toEqual([
      'https://a.example',
      'http://b.example:81',
    ]);
  });
});
