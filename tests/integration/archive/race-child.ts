import '../../../shared/datasets/install';
/**
 * A second process for the race test: ingests the given files into the archive named by the
 * environment (the parent's engines and table), starting at an agreed instant so both processes
 * reach the conditional writes together. Prints the ingest results as one JSON line.
 */
import * as fs from 'node:fs';
import { Archive } from '../../../shared/archive/ingest';
import { buildDeps } from '../../../shared/aws/deps';
import { loadConfig } from '../../../shared/config';

async function main() {
  const [startAt, sourceId, ...files] = process.argv.slice(2);
  const deps = buildDeps(loadConfig());
  const archive = new Archive(deps);
  const bodies = files.map((f) => ({ name: f.split('/').pop()!, body: fs.readFileSync(f) }));
  await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
  const results = await Promise.all(bodies.map((b) => archive.ingest({ sourceId: sourceId!, ...b })));
  process.stdout.write(`${JSON.stringify(results.map((r) => r.files[0]))}\n`);
  deps.clients.dynamodb.destroy();
  deps.clients.s3.destroy();
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
