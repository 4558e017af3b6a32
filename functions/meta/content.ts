import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Repository text files the meta pages serve (the change log, the methodology documents, the
 * runnable examples), keyed by their path from the repository root with forward slashes.
 */
export type MetaContent = Readonly<Record<string, string>>;

/** Single files and folders (their files, not recursive) that make up the served texts. */
export const CONTENT_FILES = ['CHANGELOG.md'] as const;
export const CONTENT_DIRS = ['docs/resources', 'examples'] as const;

/**
 * Replaced at bundle time by scripts/build.mjs (esbuild `define`, collected by
 * scripts/meta-content.mjs from the same files), so a Lambda carries the texts inside its bundle.
 */
declare const __META_CONTENT__: MetaContent | undefined;

let loaded: MetaContent | undefined;

/**
 * The served texts: inlined in a bundle, else read once from the checkout (npm start, tests,
 * scripts). Either way the repository files are the only source; nothing is copied by hand.
 */
export function metaContent(): MetaContent {
  if (typeof __META_CONTENT__ !== 'undefined') return __META_CONTENT__;
  loaded ??= readContent(path.resolve(__dirname, '../..'));
  return loaded;
}

/** Read the content files under `root`; files in the folders are taken in name order. */
export function readContent(root: string): MetaContent {
  const out: Record<string, string> = {};
  for (const f of CONTENT_FILES) out[f] = fs.readFileSync(path.join(root, f), 'utf8');
  for (const d of CONTENT_DIRS) {
    const dir = path.join(root, d);
    if (!fs.existsSync(dir)) continue;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isFile() && !e.name.startsWith('.'))
        out[`${d}/${e.name}`] = fs.readFileSync(path.join(dir, e.name), 'utf8');
    }
  }
  return Object.freeze(out);
}

/** The text of one content file, or undefined. */
export function contentFile(rel: string): string | undefined {
  return metaContent()[rel];
}

/** The content files directly inside `dir`, as [relative path, text] in name order. */
export function contentDir(dir: (typeof CONTENT_DIRS)[number]): [string, string][] {
  return Object.entries(metaContent()).filter(
    ([k]) => k.startsWith(`${dir}/`) && !k.slice(dir.length + 1).includes('/'),
  );
}
