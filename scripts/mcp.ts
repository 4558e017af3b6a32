import '../shared/datasets/install';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type LocalServer, startLocalServer } from '../functions/local/server';
import { MCP_TOOLS } from '../functions/mcp/tools';
import { type Config, ConfigError, loadConfig } from '../shared/config';
import { CONTRACT_VERSION } from '../shared/http/contract-version';
import { findLiveEngines } from '../shared/local/lock';
import { createLogger } from '../shared/log';
import { createMcpServer } from '../shared/mcp/server';
import { upstreamDispatch } from '../shared/mcp/upstream';

/**
 * The agent-tool surface over stdio, for desktop agents: `node scripts/mcp-stdio.cjs` (which runs this
 * file; `npm run mcp` calls it, with npm's banner first unless `--silent`). stdout carries JSON-RPC
 * only; everything else (logs, the demo key printed on a first start) goes to stderr.
 *
 *   WARRANT_API_KEY   the key every tool call carries (as X-API-Key), counted like any API request
 *   WARRANT_API_URL   the service to call (a deployment, or a running `npm start`); when unset, the
 *                     `npm start` server owning DATA_DIR if one is running, else the local service
 *                     started in this process on PORT (embedded storage, sample data loaded)
 *
 * Tool calls go over HTTP to that service, so their answers (signed bytes included) are the
 * service's own. The tool list is this checkout's generated catalog (functions/mcp/tools.generated.json).
 */
const log = (line: string) => process.stderr.write(`mcp: ${line}\n`);

function apiUrl(): string | undefined {
  const raw = process.env.WARRANT_API_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('WARRANT_API_URL', `an http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new ConfigError('WARRANT_API_URL', `an http(s) URL, got "${raw}"`);
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    log(`warning: ${url.origin} is plain http, so the API key crosses the network unencrypted; use https.`);
  }
  return raw.replace(/\/+$/, '');
}

/** Where tool calls go: the named service, the live local one, or one started here. */
function serviceFor(config: Config): { baseUrl: Promise<string>; publicBaseUrl: string; owned?: Promise<LocalServer> } {
  const named = apiUrl();
  if (named) return { baseUrl: Promise.resolve(named), publicBaseUrl: named };
  const live = findLiveEngines(config.dataDir);
  if (live?.baseUrl) {
    log(`calling the local server at ${live.baseUrl} (pid ${live.pid})`);
    return { baseUrl: Promise.resolve(live.baseUrl), publicBaseUrl: live.baseUrl };
  }
  log(`starting the local service (data in ${config.dataDir}); logs follow on stderr`);
  const owned = startLocalServer(config, {
    logger: createLogger(config.logLevel, {}, (l) => process.stderr.write(`${l}\n`)),
  });
  return {
    owned,
    publicBaseUrl: config.publicBaseUrl,
    baseUrl: owned.then((s) => {
      for (const note of s.notes) log(note);
      log(`local service on ${s.baseUrl}`);
      return s.baseUrl;
    }),
  };
}

async function main(): Promise<void> {
  let config: Config;
  let service: ReturnType<typeof serviceFor>;
  try {
    config = loadConfig();
    service = serviceFor(config);
  } catch (e) {
    if (e instanceof ConfigError) {
      log(e.message);
      process.exit(2);
    }
    throw e;
  }
  // A start-up failure is reported on the first tool call, not as an unhandled rejection.
  service.baseUrl.catch(() => undefined);
  const apiKey = process.env.WARRANT_API_KEY?.trim() || undefined;
  if (!apiKey) log('WARRANT_API_KEY is not set: every tool call will be refused with the 401 problem.');
  const dispatch = upstreamDispatch(service.baseUrl);
  const server = createMcpServer({
    version: CONTRACT_VERSION,
    tools: () => MCP_TOOLS,
    context: () => ({ dispatch, apiKey, publicBaseUrl: service.publicBaseUrl }),
  });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    if (service.owned) await (await service.owned.catch(() => undefined))?.close();
    process.exit(0);
  };
  server.onclose = () => void close();
  process.stdin.on('end', () => void close());
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
  await server.connect(new StdioServerTransport());
}

main().catch((e: unknown) => {
  log(`failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
