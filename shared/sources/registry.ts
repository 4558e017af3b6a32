import type { DocDecl, FileContext, SourceDecl, VersionReading } from './types';

export type {
  AccuracyClass,
  Cadence,
  CadenceDecl,
  DocDecl,
  FileContext,
  License,
  SourceDecl,
  SourceUrl,
  VersionMethod,
  VersionReading,
} from './types';

/**
 * The source registry: every registered source declaration, installed once per process by the
 * composition root (`shared/datasets/install.ts`, imported by the Lambda entries, `npm start`, the
 * CLIs and the test setup) from the generated list of dataset folders. The engine (archive,
 * catalog, facts) reads sources only through this module and never imports a dataset folder.
 *
 * Invariants checked at install (`validateRegistry`): source ids are unique snake_case, doc ids are
 * `<prefix>:<number>` and unique across all sources, and one prefix belongs to one source.
 */
const registered: SourceDecl[] = [];

/** Every installed source, in installation order (a live view: filled by `installSources`). */
export const SOURCES: readonly SourceDecl[] = registered;

export const SOURCE_ID_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const DOC_ID_PATTERN = /^[a-z][a-z0-9_]{0,31}:[1-9]\d{0,8}$/;

const byId = new Map<string, SourceDecl>();
/** Documents whose versions hold warrant facts (a coverage mapping: the change feed waits for it). */
const factDocs = new Set<string>();
const docs = new Map<string, { source: SourceDecl; doc: DocDecl }>();

/** Throws on a malformed or duplicate declaration, so a bad edit fails at start-up and in tests. */
export function validateRegistry(sources: readonly SourceDecl[]): void {
  const ids = new Set<string>();
  const docIds = new Set<string>();
  const prefixOwner = new Map<string, string>();
  for (const s of sources) {
    if (!SOURCE_ID_PATTERN.test(s.sourceId)) throw new Error(`registry: bad source_id ${s.sourceId}`);
    if (ids.has(s.sourceId)) throw new Error(`registry: duplicate source_id ${s.sourceId}`);
    ids.add(s.sourceId);
    for (const d of s.docs) {
      if (!DOC_ID_PATTERN.test(d.docId)) throw new Error(`registry: bad doc_id ${d.docId} in ${s.sourceId}`);
      if (docIds.has(d.docId)) throw new Error(`registry: duplicate doc_id ${d.docId}`);
      docIds.add(d.docId);
      const prefix = d.docId.split(':')[0]!;
      const owner = prefixOwner.get(prefix);
      if (owner && owner !== s.sourceId)
        throw new Error(`registry: prefix ${prefix} used by ${owner} and ${s.sourceId}`);
      prefixOwner.set(prefix, s.sourceId);
    }
  }
}

/**
 * Install the source declarations (idempotent for the same list; a second, different list replaces
 * the first). Throws on a malformed or duplicate declaration, so a bad folder fails at start-up.
 */
export function installSources(list: readonly SourceDecl[], withFacts: Iterable<string> = []): void {
  validateRegistry(list);
  factDocs.clear();
  for (const id of withFacts) factDocs.add(id);
  registered.splice(0, registered.length, ...list);
  byId.clear();
  docs.clear();
  for (const s of list) {
    byId.set(s.sourceId, s);
    for (const d of s.docs) docs.set(d.docId, { source: s, doc: d });
  }
}

export function getSource(sourceId: string): SourceDecl | undefined {
  return byId.get(sourceId);
}

/** Whether a document's versions hold warrant facts (declared with its facts in its dataset folder). */
export function docHoldsFacts(docId: string): boolean {
  return factDocs.has(docId);
}

/** The declared document for a doc id (whether or not any version is archived yet). */
export function getDocDecl(docId: string): { source: SourceDecl; doc: DocDecl } | undefined {
  return docs.get(docId);
}

/** The parser that reads a file of a document (its declaration's `parser`), if any layout does. */
export function docParser(docId: string, fileName: string) {
  const base = fileName.replace(/^.*[\\/]/, '');
  return docs.get(docId)?.doc.parser?.(base);
}

/**
 * The parser for a file of a source, by its base name: the parser of the first document of the
 * source whose pattern matches it; undefined for files no layout reads (readmes, PDFs, format
 * copies) or a source not registered.
 */
export function parserFor(sourceId: string, fileName: string) {
  const base = fileName.replace(/^.*[\\/]/, '');
  const doc = byId.get(sourceId)?.docs.find((d) => d.match.test(base));
  return doc?.parser?.(base);
}

/** Sort key that orders doc ids by prefix then number ("mcd:2" before "mcd:10"). */
export function docSortKey(docId: string): string {
  const [prefix, n] = docId.split(':');
  return `${prefix}:${String(n).padStart(9, '0')}`;
}

/**
 * Whether a zip of the source is archived whole (DocDecl.keepZipWhole): the document it is placed
 * under by hand, else the first document whose pattern matches its base name, as in mapFile.
 */
export function keepsZipWhole(source: SourceDecl, name: string, docId?: string): boolean {
  const doc =
    docId !== undefined ? source.docs.find((d) => d.docId === docId) : source.docs.find((d) => d.match.test(name));
  return doc?.keepZipWhole === true;
}

export interface FileMapping {
  docId: string | null;
  title: string | null;
  reading: VersionReading;
}

/**
 * Which document a file is a version of, and its version label and window as the source reads
 * them. The first declared document whose pattern matches the base name wins; no match means the
 * file is archived without a document (readmes, PDFs, format copies, the zips themselves).
 */
export function mapFile(source: SourceDecl, file: FileContext): FileMapping {
  const doc = source.docs.find((d) => d.match.test(file.name));
  if (!doc)
    return {
      docId: null,
      title: null,
      reading: { publisherVersion: null, effectiveFrom: null, effectiveTo: null, method: 'none' },
    };
  const reading = (doc.readVersion ?? source.readVersion)(file);
  return { docId: doc.docId, title: doc.title, reading };
}
