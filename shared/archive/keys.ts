import { docSortKey } from '../sources/registry';

/**
 * Item keys of the archive table (one DynamoDB table, pk/sk plus sparse gsi1/gsi2):
 *
 * | item              | pk                          | sk                 | gsi1pk / gsi1sk                           |
 * |-------------------|-----------------------------|--------------------|-------------------------------------------|
 * | file              | FILE#<sha256>               | META               |                                           |
 * | zip member link   | FILE#<parent sha256>        | MEMBER#<nnnnnn>    |                                           |
 * | text rendering    | FILE#<sha256>               | TEXT#<renderer v>  |                                           |
 * | file of a source  | SRCFILE#<source_id>         | <sha256>           | SRCFILES#<source_id> / <observed>#<sha>   |
 * | document          | DOC#<doc_id>                | META               | DOCS#<source_id> / <doc sort key>         |
 * | version           | DOC#<doc_id>                | V#<version id 12>  |                                           |
 * | version marker    | DOCVER#<doc_id>#<sha256>[#<effective from>] | MARKER             | gsi2: PENDING / <version id 12> (pending) |
 * | change record     | CHANGES                     | <version id 12>    | CHANGES#<source_id> / <version id 12>     |
 * | version counter   | COUNTER                     | version_id         |                                           |
 * | fetch run         | RUNS                        | <started>#<run id> | RUNS#<source_id> / same                   |
 *
 * The marker is the idempotency key of a version: (doc_id, sha256) gets exactly one, by a
 * conditional put; it holds the whole version so any process can finish writing the version,
 * its change record and the document if the writer died halfway.
 */
export const META = 'META';

export const fileKey = (sha256: string) => ({ pk: `FILE#${sha256}`, sk: META });
export const memberKey = (parentSha: string, index: number) => ({
  pk: `FILE#${parentSha}`,
  sk: `MEMBER#${String(index).padStart(6, '0')}`,
});
export const MEMBER_PREFIX = 'MEMBER#';
export const textKey = (sha256: string, rendererVersion: string) => ({
  pk: `FILE#${sha256}`,
  sk: `TEXT#${rendererVersion}`,
});
export const TEXT_PREFIX = 'TEXT#';

export const sourceFileKey = (sourceId: string, sha256: string) => ({ pk: `SRCFILE#${sourceId}`, sk: sha256 });
export const sourceFilesIndex = (sourceId: string) => `SRCFILES#${sourceId}`;

export const docKey = (docId: string) => ({ pk: `DOC#${docId}`, sk: META });
export const docsIndex = (sourceId: string) => `DOCS#${sourceId}`;
export { docSortKey };

export const padVersion = (id: number) => String(id).padStart(12, '0');
export const versionKey = (docId: string, versionId: number) => ({
  pk: `DOC#${docId}`,
  sk: `V#${padVersion(versionId)}`,
});
export const VERSION_PREFIX = 'V#';

/**
 * A version is identified by (doc_id, sha256, declared effective start): the same bytes stored
 * twice are one version, but the same bytes republished for a new effective window (an unchanged
 * quarterly table reissued for the next quarter) are a new version of the document, so the
 * as-of rules can see that window. The file itself is stored once either way.
 */
export const markerKey = (docId: string, sha256: string, effectiveFrom: string | null = null) => ({
  pk: effectiveFrom ? `DOCVER#${docId}#${sha256}#${effectiveFrom}` : `DOCVER#${docId}#${sha256}`,
  sk: 'MARKER',
});
export const PENDING_INDEX = 'PENDING';

export const VERSION_COUNTER = { pk: 'COUNTER', sk: 'version_id' };

/** Content-addressed object keys: never overwritten with different bytes, never deleted. */
export const blobKey = (sha256: string) => `files/sha256/${sha256.slice(0, 2)}/${sha256}`;
export const textBlobKey = (sha256: string, rendererVersion: string) => `text/${sha256}/${rendererVersion}.txt`;
