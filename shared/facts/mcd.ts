import { decideAsOf } from '../archive/as-of';
import { blobKey } from '../archive/keys';
import type { Deps } from '../deps';
import type { Located, PublisherParser } from '../publishers/common/types';
import { type McdCodeRecord, mcdArticleCodeParser, mcdLcdCodeParser } from '../publishers/mcd/code-lists';
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
} from '../publishers/mcd/contractors';
import { type ArticleRecord, type LcdRecord, mcdArticleParser, mcdLcdParser } from '../publishers/mcd/documents';
import { uspsState } from '../publishers/mcd/join';
import { getSource } from '../sources/registry';
import type { RowRef } from './related';
import type { FactWriter } from './store';
import type { Timeline, TimelineVersion } from './timeline';

const MCD = 'cms_mcd';

/** The doc id of an MCD table, from the registry's file-name patterns. */
function docOf(table: string): string | undefined {
  return getSource(MCD)?.docs.find((d) => d.match.test(`${table}.csv`))?.docId;
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

/** Codes a code-list row stands for: the code itself, or each code of a `FROM-TO` range with one alphabetic prefix. */
export function expandCodes(row: McdCodeRecord): string[] {
  if (!row.range) return [row.code];
  const m = /^([A-Z]?)(\d{4,5})\s*-\s*([A-Z]?)(\d{4,5})$/.exec(row.code);
  if (!m || m[1] !== m[3] || m[2]!.length !== m[4]!.length) return [row.code];
  const lo = Number(m[2]);
  const hi = Number(m[4]);
  if (hi < lo || hi - lo > 2000) return [row.code];
  return Array.from({ length: hi - lo + 1 }, (_, i) => `${m[1]}${String(lo + i).padStart(m[2]!.length, '0')}`);
}

/**
 * Load an LCD or article code list as documentation facts, each joined (at load time, from the
 * sibling tables of the same release) to its document's title and status, the contractors the
 * document version is assigned to, and the states those contractors serve. The code row is the
 * receipt; the joined rows travel as related receipts. CPT descriptors in the code list are dropped.
 */
export async function loadMcdCodeList(deps: Deps, writer: FactWriter, v: TimelineVersion, timeline: Timeline) {
  const docType = v.doc_id === docOf('lcd_x_hcpc_code') ? 'lcd' : 'article';
  const at = v.publisher_effective_from ?? v.observed_from.slice(0, 10);
  const docs =
    docType === 'lcd'
      ? await sibling<LcdRecord>(deps, timeline, 'lcd', mcdLcdParser, at)
      : await sibling<ArticleRecord>(deps, timeline, 'article', mcdArticleParser, at);
  const docContractors = await sibling<McdDocContractorRecord>(
    deps,
    timeline,
    `${docType}_x_contractor`,
    docType === 'lcd' ? mcdLcdContractorParser : mcdArticleContractorParser,
    at,
  );
  const contractors = await sibling<McdContractorRecord>(deps, timeline, 'contractor', mcdContractorParser, at);
  const jurisdictions = await sibling<McdJurisdictionRecord>(
    deps,
    timeline,
    'contractor_jurisdiction',
    mcdJurisdictionParser,
    at,
  );
  const states = await sibling<McdStateRecord>(deps, timeline, 'state_lookup', mcdStateParser, at);

  const docKey = (id: number, ver: number) => `${id}:${ver}`;
  const docRows = new Map<string, LcdRecord | ArticleRecord>();
  for (const r of docs?.rows ?? []) {
    docRows.set('lcd_id' in r ? docKey(r.lcd_id, r.lcd_version) : docKey(r.article_id, r.article_version), r);
  }
  const assigned = new Map<string, McdDocContractorRecord[]>();
  for (const r of docContractors?.rows ?? []) {
    const k = docKey(r.doc_id, r.doc_version);
    assigned.set(k, [...(assigned.get(k) ?? []), r]);
  }
  const contractorRows = new Map((contractors?.rows ?? []).map((c) => [c.contractor_id, c]));
  const stateAbbrev = new Map((states?.rows ?? []).map((s) => [s.state_id, uspsState(s.state_abbrev)]));
  const servedBy = new Map<number, McdJurisdictionRecord[]>();
  for (const j of jurisdictions?.rows ?? []) {
    if ((j.active_date && j.active_date > at) || (j.term_date && j.term_date < at)) continue;
    servedBy.set(j.contractor_id, [...(servedBy.get(j.contractor_id) ?? []), j]);
  }

  const parser = docType === 'lcd' ? mcdLcdCodeParser : mcdArticleCodeParser;
  const stream = await deps.blobs.get(blobKey(v.sha256));
  for await (const row of parser.parse(stream, { fileName: v.name })) {
    const k = docKey(row.doc_id, row.doc_version);
    const doc = docRows.get(k);
    const related: RowRef[] = [];
    if (doc && docs) related.push(ref(docs, doc));
    const contractorList = (assigned.get(k) ?? []).map((a) => {
      if (docContractors) related.push(ref(docContractors, a));
      const c = contractorRows.get(a.contractor_id);
      if (c && contractors) related.push(ref(contractors, c));
      const served = servedBy.get(a.contractor_id) ?? [];
      if (jurisdictions) for (const j of served) related.push(ref(jurisdictions, j));
      return {
        contractor_id: a.contractor_id,
        contractor_number: c?.contractor_number ?? null,
        name: c?.business_name ?? null,
        states: [...new Set(served.map((j) => stateAbbrev.get(j.state_id)).filter((s): s is string => !!s))].sort(),
      };
    });
    const value = {
      doc_type: docType,
      doc_id: row.doc_id,
      doc_version: row.doc_version,
      display_id: doc?.display_id ?? `${docType === 'lcd' ? 'L' : 'A'}${row.doc_id}`,
      title: doc?.title ?? null,
      status: doc?.status ?? null,
      code_group: row.code_group,
      listed_as: row.code,
      range: row.range,
      contractors: contractorList,
      states: [...new Set(contractorList.flatMap((c) => c.states))].sort(),
    };
    for (const code of expandCodes(row)) {
      await writer.add({ key: { kind: 'code', value: code }, kind: docType, value, record: row }, related);
    }
  }
}
