import { padVersion } from '../archive/keys';

/**
 * Item keys of the facts table. Facts are stored per archive version, so any past answer can be
 * recomputed from the version that was in force:
 *
 * | item            | pk              | sk                                                | gsi1pk / gsi1sk                            |
 * |-----------------|-----------------|---------------------------------------------------|--------------------------------------------|
 * | fact            | C#<code>        | <source_id>#<version 12>#<kind>#<record 9>#<code> | V#<version 12> / <record 9>#code#<code>    |
 * | provider fact   | N#<npi>         | <source_id>#<version 12>#<kind>#<record 9>#<npi>  | V#<version 12> / <record 9>#npi#<npi>      |
 * | ZIP fact        | Z#<zip5>        | <source_id>#<version 12>#<kind>#<record 9>#<zip>  | V#<version 12> / <record 9>#zip#<zip>      |
 * | timeline version| TL#<source_id>  | <doc_id>#<version 12>                             |                                            |
 * | timeline head   | TL#<source_id>  | <doc_id>#HEAD                                     |                                            |
 * | old timeline    | TIMELINE        | <source_id> (one item per source; migrated away)  |                                            |
 * | version loaded  | LOADED#<v 12>   | META                                              |                                            |
 *
 * Keys are derived from (version, record), so loading a version twice rewrites identical items.
 */
export const pad9 = (n: number) => String(n).padStart(9, '0');

export const codePk = (code: string) => `C#${code}`;
export const npiPk = (npi: string) => `N#${npi}`;
export const zipPk = (zip: string) => `Z#${zip}`;

/** The partition of a fact by the kind of key it is found by: a billing code, an NPI or a ZIP code. */
export function keyPk(key: { kind: 'code' | 'npi' | 'zip'; value: string }): string {
  return key.kind === 'code' ? codePk(key.value) : key.kind === 'npi' ? npiPk(key.value) : zipPk(key.value);
}
export const factSk = (sourceId: string, versionId: number, kind: string, record: number) =>
  `${sourceId}#${padVersion(versionId)}#${kind}#${pad9(record)}`;
export const versionIndexPk = (versionId: number) => `V#${padVersion(versionId)}`;

/** The one-item-per-source timeline of earlier layouts; only read by the migration (timeline-legacy.ts). */
export const TIMELINE_PK = 'TIMELINE';
export const timelinePk = (sourceId: string) => `TL#${sourceId}`;
export const timelineVersionKey = (sourceId: string, docId: string, versionId: number) => ({
  pk: timelinePk(sourceId),
  sk: `${docId}#${padVersion(versionId)}`,
});
export const timelineHeadKey = (sourceId: string, docId: string) => ({ pk: timelinePk(sourceId), sk: `${docId}#HEAD` });
/** Sort-key bounds of one document's version items (its head, `#HEAD`, sorts after them and outside). */
export const timelineDocRange = (docId: string): [string, string] => [`${docId}#0`, `${docId}#9~`];
export const loadedKey = (versionId: number) => ({ pk: `LOADED#${padVersion(versionId)}`, sk: 'META' });
