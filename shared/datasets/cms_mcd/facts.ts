import { decideAsOf } from '../../archive/as-of';
import { blobKey } from '../../archive/keys';
import type { Deps } from '../../deps';
import type { RowRef } from '../../facts/related';
import type { FactWriter } from '../../facts/store';
import type { Timeline, TimelineVersion } from '../../facts/timeline';
import type { Located, PublisherParser } from '../../publishers/common/types';
import {
  type McdCodeGroupRecord,
  mcdArticleCodeGroupParser,
  mcdArticleCodeParser,
  mcdLcdCodeGroupParser,
  mcdLcdCodeParser,
} from './code-lists';
import {
  type McdContractorRecord,
  type McdDocContractorRecord,
  type McdJurisdictionRecord,
  type McdStateRecord,
  mcdArticleContractorParser,
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
  mcdStateParser,
} from './contractors';
import { type ArticleRecord, type LcdRecord, mcdArticleParser, mcdLcdParser } from './documents';
import { expandCodes, joinTableFile, type McdJoinTable, mcdJoin } from './join';
import { cmsMcd } from './source';

const MCD = cmsMcd.sourceId;

/** The doc id of an MCD table, from the declaration's file-name patterns. */
export function docOf(table: string): string | undefined {
  return cmsMcd.docs.find((d) => d.match.test(`${table}.csv`))?.docId;
}

export function isMcdCodeList(docId: string): boolean {
  return docId === docOf('lcd_x_hcpc_code') || docId === docOf('article_x_hcpc_code');
}

interface Sibling<R extends Located> {
  version: TimelineVersion;
  rows: R[];
}

/**
 * The version of a sibling table in force when the code list was published (same as-of rules as
 * everywhere: never a version from after that moment), parsed whole (these tables are small).
 */
async function sibling<R extends Located>(
  deps: Deps,
  timeline: Timeline,
  table: string,
  parser: PublisherParser<R>,
  at: string,
): Promise<Sibling<R> | undefined> {
  const docId = docOf(table);
  if (!docId) return undefined;
  const decision = decideAsOf(
    timeline.versions.filter((v) => v.doc_id === docId),
    at,
  );
  if (decision.status !== 'resolved') return undefined;
  const version = decision.version;
  const rows: R[] = [];
  for await (const r of parser.parse(await deps.blobs.get(blobKey(version.sha256)), { fileName: version.name }))
    rows.push(r);
  return { version, rows };
}

function ref(s: Sibling<Located>, r: Located): RowRef {
  return {
    source_id: MCD,
    doc_id: s.version.doc_id,
    version_id: s.version.version_id,
    sha256: s.version.sha256,
    name: s.version.name,
    locator: r.locator,
  };
}

/**
 * Load an LCD or article code list as documentation facts. Each row goes through the one MCD join
 * (./join.ts) over the sibling tables in force when the code list was
 * published: the document version (title, status and revision window, so the warrant filters by
 * date of service without another read), the code group (number and paragraph), the contractors
 * assigned to the version and the states they serve. The code row is the receipt; the joined rows
 * travel as related receipts. A sibling not archived is named in the value (`missing_tables`), and
 * without the contractor-to-state tables `states` is null, never empty. CPT descriptors in the code
 * list are dropped by its parser.
 */
export async function loadMcdCodeList(deps: Deps, writer: FactWriter, v: TimelineVersion, timeline: Timeline) {
  const docType = v.doc_id === docOf('lcd_x_hcpc_code') ? 'lcd' : 'article';
  const at = v.publisher_effective_from ?? v.observed_from.slice(0, 10);
  const file = (t: McdJoinTable) => joinTableFile(docType, t);
  const siblings: Partial<Record<McdJoinTable, Sibling<Located>>> = {
    document:
      docType === 'lcd'
        ? await sibling<LcdRecord>(deps, timeline, file('document'), mcdLcdParser, at)
        : await sibling<ArticleRecord>(deps, timeline, file('document'), mcdArticleParser, at),
    code_group: await sibling<McdCodeGroupRecord>(
      deps,
      timeline,
      file('code_group'),
      docType === 'lcd' ? mcdLcdCodeGroupParser : mcdArticleCodeGroupParser,
      at,
    ),
    doc_contractor: await sibling<McdDocContractorRecord>(
      deps,
      timeline,
      file('doc_contractor'),
      docType === 'lcd' ? mcdLcdContractorParser : mcdArticleContractorParser,
      at,
    ),
    contractor: await sibling<McdContractorRecord>(deps, timeline, file('contractor'), mcdContractorParser, at),
    jurisdiction: await sibling<McdJurisdictionRecord>(deps, timeline, file('jurisdiction'), mcdJurisdictionParser, at),
    state: await sibling<McdStateRecord>(deps, timeline, file('state'), mcdStateParser, at),
  };
  const rows = <R extends Located>(t: McdJoinTable) => siblings[t]?.rows as R[] | undefined;
  const join = mcdJoin(
    {
      docType,
      documents: rows<LcdRecord | ArticleRecord>('document'),
      groups: rows<McdCodeGroupRecord>('code_group'),
      docContractors: rows<McdDocContractorRecord>('doc_contractor'),
      contractors: rows<McdContractorRecord>('contractor'),
      jurisdictions: rows<McdJurisdictionRecord>('jurisdiction'),
      states: rows<McdStateRecord>('state'),
    },
    at,
  );

  const parser = docType === 'lcd' ? mcdLcdCodeParser : mcdArticleCodeParser;
  const stream = await deps.blobs.get(blobKey(v.sha256));
  for await (const row of parser.parse(stream, { fileName: v.name })) {
    const { value, related } = join(row);
    const refs = related.map((j) => ref(siblings[j.table]!, j.row));
    for (const code of expandCodes(row)) {
      await writer.add({ key: { kind: 'code', value: code }, kind: docType, value: { ...value }, record: row }, refs);
    }
  }
}
