import { cmsDmeposFeeSchedule } from './decl/cms-dmepos-fee-schedule';
import { cmsHcpcsLevel2 } from './decl/cms-hcpcs-level2';
import { cmsMcd } from './decl/cms-mcd';
import { cmsNcciMue, cmsNcciPtp } from './decl/cms-ncci';
import { medicaidNadac } from './decl/medicaid-nadac';
import { nppes } from './decl/nppes';
import { oigLeie } from './decl/oig-leie';
import { STATE_EXCLUSION_SOURCES } from './decl/state-exclusions';
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
 * The source registry. Adding a source is one declaration (a `SourceDecl`, usually in
 * ./decl/<source_id>.ts) plus one entry in this list; later sources take the folder name used in
 * the publisher sample folder as their source_id (e.g. `nppes`, `state_exclusions_ca`).
 *
 * Invariants checked at load (`validateRegistry`): source ids are unique snake_case, doc ids are
 * `<prefix>:<number>` and unique across all sources, and one prefix belongs to one source.
 */
export const SOURCES: readonly SourceDecl[] = [
  cmsHcpcsLevel2,
  cmsDmeposFeeSchedule,
  cmsNcciMue,
  cmsNcciPtp,
  cmsMcd,
  medicaidNadac,
  oigLeie,
  nppes,
  ...STATE_EXCLUSION_SOURCES,
];

export const SOURCE_ID_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const DOC_ID_PATTERN = /^[a-z][a-z0-9_]{0,31}:[1-9]\d{0,8}$/;

const byId = new Map<string, SourceDecl>();
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

validateRegistry(SOURCES);
for (const s of SOURCES) {
  byId.set(s.sourceId, s);
  for (const d of s.docs) docs.set(d.docId, { source: s, doc: d });
}

export function getSource(sourceId: string): SourceDecl | undefined {
  return byId.get(sourceId);
}

/** The declared document for a doc id (whether or not any version is archived yet). */
export function getDocDecl(docId: string): { source: SourceDecl; doc: DocDecl } | undefined {
  return docs.get(docId);
}

/** Sort key that orders doc ids by prefix then number ("mcd:2" before "mcd:10"). */
export function docSortKey(docId: string): string {
  const [prefix, n] = docId.split(':');
  return `${prefix}:${String(n).padStart(9, '0')}`;
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
