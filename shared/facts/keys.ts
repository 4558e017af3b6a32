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
 * | timeline        | TIMELINE        | <source_id>                                       |                                            |
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

export const TIMELINE_PK = 'TIMELINE';
export const loadedKey = (versionId: number) => ({ pk: `LOADED#${padVersion(versionId)}`, sk: 'META' });

/** Bounds of the sort keys of one source's facts between two version ids (inclusive). */
export function versionRange(sourceId: string, lo: number, hi: number): [string, string] {
  return [`${sourceId}#${padVersion(lo)}#`, `${sourceId}#${padVersion(hi)}#~`];
}
