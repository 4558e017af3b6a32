import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * Issue 15, point 1: the folder dependency rules, checked on the real import graph
 * (dependency-cruiser, TypeScript imports resolved).
 *
 * - No import cycle between the folders of shared/ (a folder depends on another, or not at all),
 *   type-only imports and the tests kept in shared/ included: a type names the folder it needs.
 * - The engine (archive, catalog, facts, sources) never imports a dataset folder, nor the
 *   generated list or the installer: datasets reach it only through its registries.
 * - A dataset folder never imports another dataset folder.
 * - Only composition roots (functions/, scripts/, bench/, the tests) import the installer.
 */
const ROOT = path.resolve(__dirname, '../..');
const ENGINE = new Set(['archive', 'catalog', 'facts', 'sources']);

interface Cruised {
  modules: {
    source: string;
    dependencies: { resolved: string; dependencyTypes: string[]; coreModule: boolean }[];
  }[];
}

function cruise(): Cruised {
  const out = execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'shared',
      'functions',
      'scripts',
      'bench',
      '--no-config',
      '--ts-pre-compilation-deps',
      '--do-not-follow',
      'node_modules',
      '--exclude',
      '(^|/)node_modules/',
      '--output-type',
      'json',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(out) as Cruised;
}

/** `shared/<folder>/...` -> folder; `shared/x.ts` -> null (a top-level file of shared). */
const folderOf = (p: string) => /^shared\/([^/]+)\//.exec(p)?.[1] ?? null;
/** `shared/datasets/<source>/...` -> source; root files of shared/datasets -> null. */
const datasetOf = (p: string) => /^shared\/datasets\/([^/]+)\//.exec(p)?.[1] ?? null;

/** Every import edge between our files; `runtime` leaves out type-only imports (no runtime edge). */
function importEdges(c: Cruised, runtime: boolean): [string, string][] {
  return c.modules.flatMap((m) =>
    m.dependencies
      .filter((d) => !d.coreModule && !d.resolved.includes('node_modules'))
      .filter((d) => !runtime || !d.dependencyTypes.includes('type-only'))
      .map((d) => [m.source, d.resolved] as [string, string]),
  );
}

/** Strongly connected components of more than one node (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('folder dependency rules', () => {
  let edges: [string, string][];
  let allEdges: [string, string][];
  beforeAll(() => {
    const cruised = cruise();
    edges = importEdges(cruised, true);
    allEdges = importEdges(cruised, false);
  }, 120_000);

  it('sees the code base', () => {
    expect(edges.length).toBeGreaterThan(500);
  });

  it('has no import cycle between the folders of shared/', () => {
    const graph = new Map<string, Set<string>>();
    for (const [from, to] of allEdges) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (!a || !b || a === b) continue;
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
      if (!graph.has(b)) graph.set(b, new Set());
    }
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps the engine free of dataset folders, the generated list and the installer', () => {
    const bad = edges.filter(([from, to]) => ENGINE.has(folderOf(from) ?? '') && to.startsWith('shared/datasets/'));
    expect(bad).toEqual([]);
  });

  it('never lets a dataset folder import another one', () => {
    const bad = edges.filter(([from, to]) => {
      const a = datasetOf(from);
      const b = datasetOf(to);
      return a !== null && b !== null && a !== b;
    });
    expect(bad).toEqual([]);
  });

  it('imports the installer only from composition roots', () => {
    const bad = edges.filter(
      ([from, to]) =>
        (to === 'shared/datasets/install.ts' || to === 'shared/datasets/index.generated.ts') &&
        from.startsWith('shared/') &&
        !from.startsWith('shared/datasets/install.ts'),
    );
    expect(bad).toEqual([]);
  });
});
