#!/usr/bin/env node
// The agent tools over stdio (scripts/mcp.ts), as `npm run mcp` runs them but without npm's banner on
// stdout, from any working directory: for desktop agent configurations,
//   { "command": "node", "args": ["/path/to/warrant-service/scripts/mcp-stdio.cjs"], "env": { "WARRANT_API_KEY": "..." } }
// It runs in the repository folder (so a relative DATA_DIR means the repository's .data/) and passes
// stdin, stdout, stderr, the exit code and Ctrl-C straight through.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const child = spawn(
  process.execPath,
  ['--openssl-legacy-provider', '-r', '@swc-node/register', path.join(root, 'scripts', 'mcp.ts')],
  { cwd: root, stdio: 'inherit', env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
