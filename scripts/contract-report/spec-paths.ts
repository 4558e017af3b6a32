/**
 * The paths the specification lists, read from its markdown endpoint tables (both seed documents).
 * A table counts when its header has a `Path` column; its `Method` column, when present, gives the
 * method, else GET unless the cell names one ("POST /exclusions/screen"). A cell may list several
 * paths: "/a, /b", "/resources and /resources/{slug}"; trailing prose ("(name, state)", "and other
 * facility-type lists") is dropped. A final `/*` (as in /demo/exclusions/*) stays a wildcard row.
 */
export interface SpecPath {
  method: string;
  path: string;
  /** The `###` heading the table sits under, e.g. "Archive" or "Drug economics". */
  section: string;
  /** Which seed document (file name) lists it. */
  document: string;
}

const METHOD = /^(GET|POST|PUT|PATCH|DELETE)\s+/;

/** Split one markdown table row into trimmed cells (outer pipes removed). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

/** The paths named in one Path cell, with the method a cell may carry. */
export function pathsInCell(cell: string): { method?: string; path: string }[] {
  const out: { method?: string; path: string }[] = [];
  for (const part of cell.split(/,\s*(?=(?:[A-Z]+\s+)?\/)|\s+and\s+(?=\/)/)) {
    const text = part.trim().replace(/`/g, '');
    const method = METHOD.exec(text)?.[1];
    const rest = text.replace(METHOD, '');
    const m = /^\/[^\s(),]*/.exec(rest);
    if (m) out.push({ ...(method ? { method } : {}), path: m[0] });
  }
  return out;
}

/** Every listed (method, path) of one document, in document order, without duplicates. */
export function parseSpecPaths(markdown: string, document: string): SpecPath[] {
  const out: SpecPath[] = [];
  const seen = new Set<string>();
  let section = '';
  let header: string[] | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,3}\s+(.+?)\s*$/.exec(line);
    if (heading) {
      section = heading[1]!;
      header = undefined;
      continue;
    }
    if (!line.trim().startsWith('|')) {
      header = undefined;
      continue;
    }
    const row = cells(line);
    if (!header) {
      header = row.map((c) => c.toLowerCase());
      continue;
    }
    if (row.every((c) => /^:?-+:?$/.test(c))) continue;
    const pathCol = header.indexOf('path');
    if (pathCol < 0) continue;
    const methodCol = header.indexOf('method');
    for (const p of pathsInCell(row[pathCol] ?? '')) {
      const method = (methodCol >= 0 ? row[methodCol] : undefined) || p.method || 'GET';
      const key = `${method} ${p.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ method: method.toUpperCase(), path: p.path, section, document });
    }
  }
  return out;
}

/** Compare templates by shape: /a/{x} and /a/{y} are the same path. */
export function templateKey(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}
