// TypeScript: the typed client with a default date of service, and offline verification of the answer
//
//   npm install @warrant-service/client
//   API_KEY=... npx tsx typescript.ts      (BASE_URL defaults to http://localhost:8787)
import { createClient, verifySignedResponse } from '@warrant-service/client';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:8787';
const apiKey = process.env.API_KEY;

async function main(): Promise<number> {
  // Every call sends X-API-Key; as_of defaults to this date on the operations that take it.
  const client = createClient({ baseUrl, apiKey, asOf: '2025-02-10' });

  const { data: warrant, error } = await client.GET('/rules/warrant', { params: { query: { hcpcs: 'E0601' } } });
  if (error) {
    console.error(`${error.status} ${error.title}: ${error.detail}`);
    return 1;
  }
  console.log(`warrant for ${warrant.hcpcs} as of ${warrant.meta.as_of}`);
  for (const part of ['standing', 'fee', 'edits', 'documentation'] as const) {
    const block = warrant[part];
    console.log(`  ${part}: ${block.facts.length} fact(s), ${block.gaps.length} gap(s)`);
  }

  // The signing key is public; verification needs no network beyond fetching it once.
  const key = await client.GET('/rules/warrant/signing-key');
  if (!key.data) {
    console.error('no signing key published: this deployment does not sign');
    return 1;
  }
  const verdict = verifySignedResponse(warrant, key.data);
  console.log(
    verdict.ok ? `verified: signed by ${verdict.kid} at ${verdict.issued_at}` : `NOT verified: ${verdict.reason}`,
  );
  return verdict.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
