/**
 * Item keys of the catalog table (one DynamoDB table, pk/sk):
 *
 * | item          | pk                                   | sk                          | holds                         |
 * |---------------|--------------------------------------|-----------------------------|-------------------------------|
 * | version       | CTL#<dataset>                        | <source_id>#<doc_id>#<version 12> | version, its loaded marker |
 * | timeline head | CTL#<dataset>                        | <source_id>#<doc_id>#HEAD   | newest versions, decides_from |
 * | row           | R#<dataset>#<version 12>             | <sort key>#<record 9>       | row value, filter attributes  |
 * | index entry   | I#<dataset>#<index>#<key>            | <version 12>                | rows: every row with the key  |
 * | search token  | T#<dataset>#<token>                  | <version 12>#<record 9>     | row value (or, under token filters, `f` and `tk`) |
 * | token list    | K#<dataset>#<version 12>             | <record 9>                  | `tk` every token of the row   |
 * | listing row   | L#<dataset>#<version 12>#<listing>#<part> | <value>#<record 9>     | row value, `f` listed fields  |
 * | rollup input  | X#<dataset>#<version 12>#<rollup>    | <group>"<value>#<record 9>  | `g` group values, `m` measured fields |
 * | series input  | S#<dataset>#<version 12>#<series>    | <key>#<record 9>            | `k` key values, `x` value     |
 * | series change | H#<dataset>#<series>#<doc>#<key>     | <start>#<version 12>        | value, previous, version      |
 * | series move   | M#<dataset>#<series>#<doc>#<abs|rel> | <start>#<version 12>#<rank 4> | key, from, to, change       |
 *
 * Listings (issue 15 point 3, query.ts): `<part>` is `*` for the whole listing or `<field>=<value>`
 * for a partition field's copy; `<value>` is the sort field's order-preserving encoding
 * (sort-keys.ts), `<group>` and `<key>` composite encodings of the group-by and key fields,
 * `<start>` the version's start (its publisher effective date, else the day first observed). A
 * rollup's groups are stored as the listing rows of the rollup's name, numbered in group order.
 *
 * `<dataset>` in row, index and token keys is the dataset's namespace for one loader generation:
 * `<dataset>@<loaderVersion>` for versions loaded since generations exist, the bare dataset id for
 * versions loaded before (legacy). A new loaderVersion reloads each version into a fresh namespace
 * and readers switch to it when its marker lands, so answers never mix old and new rows.
 *
 * Keys derive from (namespace, version, record), so loading a version twice writes the same items.
 * An index entry aggregates the rows sharing a key in one version, so a batch of keys and versions
 * is one BatchGetItem per hundred (never a query per key).
 */
export const pad12 = (n: number) => String(n).padStart(12, '0');
export const pad9 = (n: number) => String(n).padStart(9, '0');

/** Keys longer than this are cut (DynamoDB allows 2 KB partition keys). */
const MAX_KEY = 512;
const cut = (s: string) => (s.length > MAX_KEY ? s.slice(0, MAX_KEY) : s);

export const timelinePk = (dataset: string) => `CTL#${dataset}`;
/** A version's timeline item (timeline.ts): the version and its loaded marker. */
export const timelineVersionKey = (dataset: string, sourceId: string, docId: string, versionId: number) => ({
  pk: timelinePk(dataset),
  sk: `${sourceId}#${docId}#${pad12(versionId)}`,
});
/** A document's timeline head (timeline.ts): its newest versions. */
export const timelineHeadKey = (dataset: string, sourceId: string, docId: string) => ({
  pk: timelinePk(dataset),
  sk: `${sourceId}#${docId}#HEAD`,
});
/** Sort-key bounds of every timeline item of a source, or of one of its documents. */
export const timelineRange = (sourceId: string, docId?: string): [string, string] =>
  docId === undefined ? [`${sourceId}#`, `${sourceId}#~`] : [`${sourceId}#${docId}#`, `${sourceId}#${docId}#~`];
/** The key namespace of a dataset's rows for one loader generation (undefined: legacy, unsuffixed). */
export const namespaceOf = (dataset: string, generation: string | undefined) =>
  generation === undefined ? dataset : `${dataset}@${generation}`;
export const rowPk = (dataset: string, versionId: number) => `R#${dataset}#${pad12(versionId)}`;
export const rowSk = (sortKey: string, record: number) => `${cut(sortKey)}#${pad9(record)}`;
export const indexPk = (dataset: string, index: string, key: string) => `I#${dataset}#${index}#${cut(key)}`;
export const tokenPk = (dataset: string, token: string) => `T#${dataset}#${cut(token)}`;
export const tokenSk = (versionId: number, record: number) => `${pad12(versionId)}#${pad9(record)}`;
/**
 * The whole token list of a row with more tokens than its token items carry (writer.ts
 * TOKEN_LIST_CAP): a word search checks such a row's other words against it.
 */
export const tokenListKey = (dataset: string, versionId: number, record: number) => ({
  pk: `K#${dataset}#${pad12(versionId)}`,
  sk: pad9(record),
});

/** Sort-key bounds of a token partition between two versions (inclusive). */
export function versionBounds(lo: number, hi: number): [string, string] {
  return [`${pad12(lo)}#`, `${pad12(hi)}#~`];
}

/** The partition of one listing copy of a version: `*` (whole listing) or `<field>=<encoded value>`. */
export const WHOLE = '*';
export const listingPk = (dataset: string, versionId: number, listing: string, part: string) =>
  `L#${dataset}#${pad12(versionId)}#${listing}#${cut(part)}`;
export const rollupInputPk = (dataset: string, versionId: number, rollup: string) =>
  `X#${dataset}#${pad12(versionId)}#${rollup}`;
export const seriesInputPk = (dataset: string, versionId: number, series: string) =>
  `S#${dataset}#${pad12(versionId)}#${series}`;
export const seriesChangePk = (dataset: string, series: string, docId: string, key: string) =>
  `H#${dataset}#${series}#${docId}#${cut(key)}`;
export const seriesChangeSk = (start: string, versionId: number) => `${start}#${pad12(versionId)}`;
export const seriesMovePk = (dataset: string, series: string, docId: string, by: 'abs' | 'rel') =>
  `M#${dataset}#${series}#${docId}#${by}`;
export const seriesMoveSk = (start: string, versionId: number, rank: number) =>
  `${start}#${pad12(versionId)}#${String(rank).padStart(4, '0')}`;
