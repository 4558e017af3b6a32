// The texts the meta pages serve (functions/meta/content.ts), collected for the Lambda bundle:
// scripts/build.mjs passes the result to esbuild as `define: { __META_CONTENT__ }`.
// Keep CONTENT_FILES / CONTENT_DIRS in step with functions/meta/content.ts (a test compares them).
import * as fs from 'node:fs';
import * as path from 'node:path';

export const CONTENT_FILES = ['CHANGELOG.md'];
export const CONTENT_DIRS = ['docs/resources', 'examples'];

export function collectMetaContent(root) {
  const out = {};
  for (const f of CONTENT_FILES) out[f] = fs.readFileSync(path.join(root, f), 'utf8');
  for (const d of CONTENT_DIRS) {
    const dir = path.join(root, d);
    if (!fs.existsSync(dir)) continue;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isFile() && !e.name.startsWith('.'))
        out[`${d}/${e.name}`] = fs.readFileSync(path.join(dir, e.name), 'utf8');
    }
  }
  return out;
}
