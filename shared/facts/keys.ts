import { padVersion } from '../archive/keys';

/**
 * Item keys of the facts table. Facts are stored per archive version, so any past answer can be
 * recomputed from the version that was in force:
 *
 * | item            | pk              | sk                                                | gsi1pk / gsi1sk                            |
 * |-----------------|-----------------|---------------------------------------------------|--------------------------------------------|
 * | fact            | C#<code>        | <source_id>#<version 12>#<kind>#<record 9>#<code> | V#<version 12> / <record 9>#code#<code>    |
 * | provider fact   | N#<npi>         | <source_id>#<version 12>#<kind>#<record 9>#<npi>  | V#<version 12> / <record 9>#npi#<npi>      |
 * | timeline        | TIMELINE        | <source_id>                                       |                                            |
 * | version loaded  | LOADED#<v 12>   | META                                              |                                            |
 *
 * Keys are derived from (version, record), so loading a version twice rewrites identical items.
 */
export const pad9 = (n: number) => String(n).padStart(9, '0');

export const codePk = (code: string) => `C#${code}`;
export const npiPk = (npi: string) => `N#${npi}`;
export const factSk = (sourceId: string, versionId: number, kind: string, record: number) =>
  `${sourceId}#${padVersion(versionId)}#${kind}#${pad9(record)}`;
export const versionIndexPk = (versionId: number) => `V#${padVersion(versionId)}`;

export const TIMELINE_PK = 'TIMELINE';
export const loadedKey = (versionId: number) => ({ pk: `LOADED#${padVersion(versionId)}`, sk: 'META' });

/** Bounds of the sort keys of one source's facts between two version ids (inclusive). */
export function versionRange(sourceId: string, lo: number, hi: number): [string, string] {
  return [`${sourceId}#${padVersion(lo)}#`, `${sourceId}#${padVersion(hi)}#~`];
}
