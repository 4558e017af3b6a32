// Agent: an MCP client calling the tools at /mcp with its API key, then verifying the signed warrant it got
//
//   npm install @modelcontextprotocol/sdk @warrant-service/client
//   API_KEY=... npx tsx agent.ts      (BASE_URL defaults to http://localhost:8787)
//
// An AI agent does the same through its MCP configuration (README, "Agents (MCP)"): the tool list,
// each tool's input schema and description come from the server; every call carries the key.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { verifySignedResponse } from '@warrant-service/client';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:8787';
const apiKey = process.env.API_KEY ?? '';

/** A tool's answer is the API's response body, as text; an error result's text is the problem details. */
function answer(result: CallToolResult): { ok: boolean; text: string } {
  const first = result.content[0];
  return { ok: !result.isError, text: first?.type === 'text' ? first.text : '' };
}

async function main(): Promise<number> {
  const client = new Client({ name: 'warrant-example-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { 'X-API-Key': apiKey } },
  });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    console.log(`${tools.length} tools: ${tools.map((t) => t.name).join(', ')}`);

    const mue = answer(
      (await client.callTool({
        name: 'ncci_mue',
        arguments: { hcpcs: 'E0601', as_of: '2025-02-10', units: 2 },
      })) as CallToolResult,
    );
    if (!mue.ok) {
      console.error(`ncci_mue refused: ${mue.text}`);
      return 1;
    }
    const rule = JSON.parse(mue.text) as { result: { status: string; facts: unknown[]; gaps: unknown[] } };
    console.log(
      `ncci_mue: ${rule.result.status}, ${rule.result.facts.length} fact(s), ${rule.result.gaps.length} gap(s)`,
    );

    const warrant = answer(
      (await client.callTool({
        name: 'warrant',
        arguments: { hcpcs: 'E0601', as_of: '2025-02-10' },
      })) as CallToolResult,
    );
    if (!warrant.ok) {
      console.error(`warrant refused: ${warrant.text}`);
      return 1;
    }
    // The text is the signed response body, byte for byte: verify it as it is.
    const signed = JSON.parse(warrant.text) as { meta: { as_of: string }; attestation: { kid: string } };
    const key = answer(
      (await client.callTool({
        name: 'warrant_signing_key',
        arguments: { kid: signed.attestation.kid },
      })) as CallToolResult,
    );
    const verdict = verifySignedResponse(signed, JSON.parse(key.text));
    console.log(`warrant as of ${signed.meta.as_of}`);
    console.log(
      verdict.ok ? `verified: signed by ${verdict.kid} at ${verdict.issued_at}` : `NOT verified: ${verdict.reason}`,
    );
    return verdict.ok ? 0 : 1;
  } finally {
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
