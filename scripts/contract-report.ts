import '../shared/datasets/install';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { buildReport } from './contract-report/report';

/**
 * `npm run contract:report [-- --seeds DIR --out FILE]`: writes contract/REPORT.md (see
 * ./contract-report/report.ts) and prints it. tests/contract/report-staleness.test.ts fails when
 * the committed report differs from a fresh one.
 */
const root = path.resolve(__dirname, '..');
const { values: args } = parseArgs({ options: { seeds: { type: 'string' }, out: { type: 'string' } } });
const seedsDir = path.resolve(root, args.seeds ?? '../shared/seeds');
const outFile = path.resolve(root, args.out ?? 'contract/REPORT.md');

async function main(): Promise<void> {
  if (!fs.existsSync(seedsDir)) {
    process.stderr.write(
      `No specification documents at ${seedsDir}: the report compares the contract with them. Pass --seeds <folder holding 000_*.txt and 001_*.txt>.\n`,
    );
    process.exit(2);
  }
  const text = await buildReport(root, seedsDir);
  fs.writeFileSync(outFile, text);
  process.stdout.write(`${text}\nwrote ${path.relative(root, outFile)}\n`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
