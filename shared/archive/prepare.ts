import * as fs from 'node:fs';
import * as path from 'node:path';
import { looksLikeZip } from '../formats/zip';
import { UnarchivableFileError } from './errors';
import { type Body, type Spooled, spool } from './spool';
import { extractZip, verifyZip, ZIP_LIMITS, type ZipLimits } from './zip';

/** One file of an ingest, spooled to disk and hashed, with its zip members (recursively). */
export interface PreparedFile {
  name: string;
  /** Path inside the parent zip; null for the top file. */
  memberPath: string | null;
  /** Central-directory position inside the parent zip; null for the top file. */
  memberIndex: number | null;
  spooled: Spooled;
  parent: PreparedFile | null;
  /** Names of the enclosing zips, outermost first. */
  parents: string[];
  isZip: boolean;
  /** A zip archived whole (its source's DocDecl.keepZipWhole): verified, not extracted; `members` stays empty. */
  keptWhole: boolean;
  /** A zip's members: those extracted, or for a zip kept whole the file entries of its central directory. */
  memberCount: number | null;
  members: PreparedFile[];
}

export interface Prepared {
  root: PreparedFile;
  skipped: { name: string; reason: string }[];
}

/** Office formats are zip containers too, but they are documents, not archives: never opened. */
const ZIP_CONTAINER_FORMATS = /\.(xlsx|xlsm|xltx|docx|pptx|ods|odt|odp|jar|epub|apk)$/i;

export function isZipFile(name: string, head: Buffer): boolean {
  if (/\.zip$/i.test(name)) return true;
  return looksLikeZip(head) && !ZIP_CONTAINER_FORMATS.test(name);
}

/**
 * Phase one of an ingest: everything that can fail on bad input happens here, before the archive
 * is touched. The body is spooled and hashed, zips are extracted and verified member by member
 * (nested zips too; each zip within `limits`, its source's); an empty top file, an interrupted stream or a damaged zip rejects and leaves
 * nothing but temporary files, which the caller removes with `tmpDir`. A zip for which `keepWhole`
 * answers true is verified (verifyZip: central directory, limits) but not extracted: it is archived
 * as one file, in bounded memory and in time that grows with its entry count only.
 */
export async function prepare(
  body: Body,
  name: string,
  tmpDir: string,
  onProgress?: (b: number) => void,
  limits: ZipLimits = ZIP_LIMITS,
  keepWhole: (f: PreparedFile) => boolean = () => false,
): Promise<Prepared> {
  const skipped: Prepared['skipped'] = [];
  const spooled = await spool(body, path.join(tmpDir, 'top'), onProgress);
  if (spooled.size === 0) throw new UnarchivableFileError('empty', `${name} is empty (0 bytes); nothing was archived.`);
  const root: PreparedFile = {
    name,
    memberPath: null,
    memberIndex: null,
    spooled,
    parent: null,
    parents: [],
    isZip: isZipFile(name, spooled.head),
    keptWhole: false,
    memberCount: null,
    members: [],
  };
  let zipCount = 0;
  let extracted = 0;
  const open = async (file: PreparedFile, depth: number): Promise<void> => {
    if (!file.isZip) return;
    if (depth > ZIP_LIMITS.maxDepth)
      throw new UnarchivableFileError('zip_limits', `Zips nest deeper than ${ZIP_LIMITS.maxDepth}.`);
    if (keepWhole(file)) {
      file.keptWhole = true;
      file.memberCount = (await verifyZip(file.spooled.path, limits)).members;
      return;
    }
    const dir = path.join(tmpDir, `z${zipCount++}`);
    fs.mkdirSync(dir);
    const base = spooled.size + extracted;
    const out = await extractZip(file.spooled.path, dir, (b) => onProgress?.(base + b), limits);
    for (const s of out.skipped) skipped.push({ name: `${file.name}!${s.path}`, reason: s.reason });
    for (const m of out.members) extracted += m.spooled.size;
    file.memberCount = out.members.length;
    for (const m of out.members) {
      const child: PreparedFile = {
        name: m.name,
        memberPath: m.path,
        memberIndex: m.index,
        spooled: m.spooled,
        parent: file,
        parents: [...file.parents, file.name],
        isZip: isZipFile(m.name, m.spooled.head),
        keptWhole: false,
        memberCount: null,
        members: [],
      };
      file.members.push(child);
      await open(child, depth + 1);
    }
  };
  await open(root, 1);
  return { root, skipped };
}

/** Pre-order (top file first, then members depth-first), the order results are reported in. */
export function preOrder(f: PreparedFile): PreparedFile[] {
  return [f, ...f.members.flatMap(preOrder)];
}

/** Post-order (members before their zip), the order metadata is committed in. */
export function postOrder(f: PreparedFile): PreparedFile[] {
  return [...f.members.flatMap(postOrder), f];
}
