import '../shared/datasets/install';
import { startLocalServer } from '../functions/local/server';
import { ConfigError, loadConfig } from '../shared/config';

/** `npm start`: the service on embedded DynamoDB and S3, data under DATA_DIR (default .data/). */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const server = await startLocalServer(config);
  const u = server.baseUrl;
  const lines = [
    '',
    `Warrant service listening on ${u}  (data in ${config.dataDir})`,
    ...server.notes.map((n) => `  ${n}`),
    '',
    'Try:',
    `  curl ${u}/health/deep                                  live probes of DynamoDB and S3`,
    `  open ${u}/docs                                         interactive API docs (contract at /openapi.json)`,
    `  curl -H "X-API-Key: $KEY" "${u}/rules/warrant?hcpcs=E0601&as_of=2025-05-15&state=NY&npi=1529384707" > warrant.json`,
    '  npm run verify -- warrant.json                         check its signature offline',
    `  curl "${u}/archive/docs/hcpcs:1/as-of?date=2025-05-15"    the archived version in force on a date`,
    `  curl "${u}/demo/exclusions/check?npi=1847362914&as_of=2025-05-15"   exclusion screening (no key)`,
    `  open ${u}/status                                       the traffic-light status page (no key)`,
    `  curl -H "X-API-Key: $KEY" "${u}/sources"                sources with freshness (your usage: /my-usage)`,
    `  WARRANT_API_KEY=$KEY node scripts/mcp-stdio.cjs        the same reads as agent tools (MCP; remote agents: ${u}/mcp)`,
    '  ($KEY: the demo key printed on first start, or DEMO_API_KEY when you set it.)',
    '',
    'Ctrl-C stops the server; data persists across restarts.',
    '',
  ];
  process.stdout.write(lines.join('\n'));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping...\n`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  process.stderr.write(`Start-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
