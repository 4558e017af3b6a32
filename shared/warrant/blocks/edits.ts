import type { StoredFact } from '../../facts/store';
import {
  CLAIM_SETTINGS,
  type ClaimLine,
  type ClaimSetting,
  MUE_TABLES,
  PTP_SETTING_OF,
  PTP_TABLES,
  type PtpSetting,
  ptpSettingOfDoc,
} from '../claim-line';
import { factOf, type ReceiptContext } from '../receipt';
import { type SourceInForce, sourceGaps } from '../resolve';
import { type Block, block, type Fact, type Gap } from '../schema';
import { MAX_PTP_PAIRS } from '../sources';
import { ptpOn, unitsCheck } from './edit-rules';

export { ptpOn, unitsCheck } from './edit-rules';

/** A PTP edit in force on the date (the deletion day itself is not: see ptpOn). */
export function ptpInForce(value: Record<string, unknown>, asOf: string): boolean {
  return ptpOn(value, asOf) === 'in_force';
}

/**
 * The gaps of one table (a setting's MUE table, or a setting's PTP parts) that cannot answer for
 * the date: never archived, no version in force (with the as-of reason), or in force but not
 * loaded. A table that is not there is a gap, never "no edit".
 */
function tableGaps(source: SourceInForce, kind: string, docIds: readonly string[], what: string, code: string): Gap[] {
  const present = source.docs.filter((d) => docIds.includes(d.doc_id));
  const base = { kind, source_id: source.source_id };
  if (!present.length) {
    return [
      {
        ...base,
        reason: 'no_version_in_force',
        detail: `No ${what} is archived, so the edits of ${code} in that setting are not known.`,
        doc_id: docIds.length === 1 ? docIds[0]! : null,
      },
    ];
  }
  const out: Gap[] = [];
  // A table published in parts (PTP: four files by column-1 code range): a part with no version at
  // all is a gap too, so a code whose edits sit in the missing part never reads "no edit".
  for (const id of docIds) {
    if (present.some((d) => d.doc_id === id)) continue;
    out.push({
      ...base,
      reason: 'no_version_in_force',
      detail: `${what}: part ${id} is not archived, so the pairs in it are not searched.`,
      doc_id: id,
    });
  }
  for (const d of present) {
    if (d.status === 'gap') {
      out.push({ ...base, reason: d.reason, detail: `${what}: ${d.detail}`, doc_id: d.doc_id });
    } else if (!d.loaded) {
      out.push({
        ...base,
        reason: 'source_not_loaded',
        detail: `${what}: the version in force (${d.version.version_id}) is archived but its facts are not loaded yet.`,
        doc_id: d.doc_id,
      });
    }
  }
  return out;
}

/**
 * The MUE of the code per setting (practitioner, outpatient hospital, DME supplier), or only the
 * asked setting's. A setting whose table is not in force on the date is a gap for that setting.
 * With units, each MUE carries a `units_check` flagging units over the value with the meaning of
 * its adjudication indicator.
 */
export function mueBlock(
  code: string,
  source: SourceInForce,
  facts: StoredFact[],
  ctx: ReceiptContext,
  claim: Pick<ClaimLine, 'setting' | 'units'> = {},
): Block {
  if (!source.registered || !source.docs.length) {
    return block([], sourceGaps(source, 'mue', `${code} has no MUE in the tables in force.`));
  }
  const out: Fact[] = [];
  const gaps: Gap[] = [];
  const absent: string[] = [];
  const settings: readonly ClaimSetting[] = claim.setting ? [claim.setting] : CLAIM_SETTINGS;
  for (const setting of settings) {
    const t = MUE_TABLES[setting];
    const what = `MUE table for ${t.label}`;
    const tg = tableGaps(source, 'mue', [t.docId], what, code);
    if (tg.length) {
      gaps.push(...tg);
      continue;
    }
    const rows = facts.filter((f) => f.kind === 'mue' && f.doc_id === t.docId);
    if (!rows.length) {
      absent.push(t.label);
      continue;
    }
    for (const f of rows) {
      out.push(
        factOf(f, ctx, (v) => ({
          ...v,
          ...(claim.setting ? { selected_because: `setting ${setting}: the ${what} (${t.docId})` } : {}),
          ...(claim.units !== undefined ? { units_check: unitsCheck(v, claim.units) } : {}),
        })),
      );
    }
  }
  if (absent.length && (claim.setting || !out.length)) {
    gaps.push({
      kind: 'mue',
      reason: 'code_not_in_version',
      detail: `${code} is not in the MUE table${absent.length > 1 ? 's' : ''} for ${absent.join(', ')} in force (CMS does not publish every MUE).`,
      source_id: source.source_id,
      doc_id: null,
    });
  }
  return block(out, gaps);
}

/**
 * The PTP pairs of the code in force on the date, in the tables of the asked setting (practitioner
 * or hospital) or of both, each carrying its setting. A setting with no table in force is a gap;
 * an edit whose deletion date is the date itself is a gap (CMS does not state that day's status).
 */
export function ptpPart(input: {
  code: string;
  asOf: string;
  source: SourceInForce;
  facts: StoredFact[];
  ctx: ReceiptContext;
  /** A claim setting, or a PTP table's own setting (the rule read's `hospital`). */
  setting?: ClaimSetting | PtpSetting;
  /** Only this ordered pair (the rule read). */
  pair?: { column1: string; column2: string };
}): { facts: Fact[]; gaps: Gap[]; total: number } {
  const { source, asOf } = input;
  let settings: PtpSetting[] = ['practitioner', 'hospital'];
  if (input.setting) {
    const ps = input.setting === 'hospital' ? 'hospital' : PTP_SETTING_OF[input.setting];
    if (!ps) {
      const gap: Gap = {
        kind: 'ptp',
        reason: 'no_table_for_setting',
        detail: `CMS publishes NCCI PTP edit tables for practitioner and outpatient hospital claims only; none is published for ${input.setting} claims.`,
        source_id: source.source_id,
        doc_id: null,
      };
      return { facts: [], gaps: [gap], total: 0 };
    }
    settings = [ps];
  }
  if (!source.registered || !source.docs.length) {
    return {
      facts: [],
      gaps: sourceGaps(source, 'ptp', '').filter((g) => g.reason !== 'code_not_in_version'),
      total: 0,
    };
  }
  const gaps: Gap[] = [];
  for (const ps of settings) {
    gaps.push(
      ...tableGaps(
        source,
        'ptp',
        PTP_TABLES[ps].docIds,
        `NCCI PTP table for ${PTP_TABLES[ps].label} claims`,
        input.code,
      ),
    );
  }
  const considered = new Set<string>(settings);
  const boundary = new Set<string>();
  const pairs = input.facts
    .filter((f) => {
      if (f.kind !== 'ptp') return false;
      const setting = ptpSettingOfDoc(f.doc_id);
      if (!setting || !considered.has(setting)) return false;
      if (input.pair && (f.value.column1 !== input.pair.column1 || f.value.column2 !== input.pair.column2))
        return false;
      const day = ptpOn(f.value, asOf);
      if (day === 'deletion_day') {
        const k = `${f.value.column1}|${f.value.column2}|${f.doc_id}`;
        if (!boundary.has(k)) {
          boundary.add(k);
          gaps.push({
            kind: 'ptp',
            reason: 'deletion_day_unresolved',
            detail: `${f.value.column1}/${f.value.column2} (${setting}): ${asOf} is the edit's deletion date. The CMS file labels the column "Deletion Date" without saying whether the edit still applies on that day, so its status on ${asOf} is not stated; it applies the day before and not the day after.`,
            source_id: source.source_id,
            doc_id: f.doc_id,
          });
        }
        return false;
      }
      return day === 'in_force';
    })
    .sort(
      (a, b) =>
        String(a.value.column1).localeCompare(String(b.value.column1)) ||
        String(a.value.column2).localeCompare(String(b.value.column2)) ||
        a.doc_id.localeCompare(b.doc_id) ||
        a.version_id - b.version_id,
    );
  const seen = new Set<string>();
  const unique = pairs.filter((f) => {
    const k = `${f.value.column1}|${f.value.column2}|${f.doc_id}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const facts = unique.slice(0, MAX_PTP_PAIRS).map((f) => {
    const setting = ptpSettingOfDoc(f.doc_id);
    return factOf(f, input.ctx, (v) => ({
      ...v,
      setting,
      role: v.column1 === input.code ? 'column1' : 'column2',
      ...(input.setting
        ? { selected_because: `setting ${input.setting}: the NCCI PTP ${setting} table (${f.doc_id})` }
        : {}),
    }));
  });
  return { facts, gaps, total: unique.length };
}

/**
 * Edits: the MUE per setting (practitioner, outpatient hospital, DME supplier) and the PTP pairs
 * the code is part of that are in force on the date (at most MAX_PTP_PAIRS listed, all counted).
 * With a claim setting only that setting's MUE table and PTP table are read; with units each MUE
 * says whether the units exceed it. Every setting whose table is not in force is a gap.
 */
export function editsBlock(input: {
  code: string;
  asOf: string;
  claim?: ClaimLine;
  mue: SourceInForce;
  mueFacts: StoredFact[];
  ptp: SourceInForce;
  ptpFacts: StoredFact[];
  ctx: ReceiptContext;
}): { block: Block; ptpTotal: number } {
  const mue = mueBlock(input.code, input.mue, input.mueFacts, input.ctx, {
    setting: input.claim?.setting,
    units: input.claim?.units,
  });
  const ptp = ptpPart({
    code: input.code,
    asOf: input.asOf,
    source: input.ptp,
    facts: input.ptpFacts,
    ctx: input.ctx,
    setting: input.claim?.setting,
  });
  return { block: block([...mue.facts, ...ptp.facts], [...mue.gaps, ...ptp.gaps]), ptpTotal: ptp.total };
}
