import { contentDir } from './content';

/** A methodology document (docs/resources/<slug>.md), titled by its first `# ` heading. */
export interface ResourceDoc {
  slug: string;
  title: string;
  text: string;
}

/** A runnable example (examples/<name>.<ext>), named by its file stem and titled by its first comment line. */
export interface ExampleDoc {
  lang: string;
  filename: string;
  title: string;
  text: string;
}

/** Example languages by file extension: only files in these are examples, and the test suite runs each one. */
export const EXAMPLE_LANGS: Readonly<Record<string, string>> = { '.sh': 'curl', '.ts': 'typescript', '.py': 'python' };

/** The first level-1 heading of a markdown text, else the fallback. */
export function markdownTitle(text: string, fallback: string): string {
  const m = /^# +(.+?)\s*$/m.exec(text);
  return m?.[1] ?? fallback;
}

/** The first line comment (`#` or `//`, after any shebang) of a source file, else the fallback. */
export function commentTitle(text: string, fallback: string): string {
  for (const line of text.split('\n')) {
    if (line.startsWith('#!')) continue;
    const m = /^\s*(?:#|\/\/)\s*(.+?)\s*$/.exec(line);
    if (m) return m[1]!;
    if (line.trim()) break;
  }
  return fallback;
}

/** Every methodology document, in slug order. */
export function listResources(): ResourceDoc[] {
  return contentDir('docs/resources')
    .filter(([rel]) => rel.endsWith('.md'))
    .map(([rel, text]) => {
      const slug = rel.slice('docs/resources/'.length, -'.md'.length);
      return { slug, title: markdownTitle(text, slug), text };
    });
}

/** Every example whose extension names a language, in name order. */
export function listExamples(): ExampleDoc[] {
  const out: ExampleDoc[] = [];
  for (const [rel, text] of contentDir('examples')) {
    const filename = rel.slice('examples/'.length);
    const ext = filename.slice(filename.lastIndexOf('.'));
    // The stem names the sample: curl, python, typescript, and agent (the MCP client, in TypeScript).
    if (EXAMPLE_LANGS[ext])
      out.push({ lang: filename.slice(0, -ext.length), filename, title: commentTitle(text, filename), text });
  }
  return out.sort((a, b) => a.lang.localeCompare(b.lang));
}
