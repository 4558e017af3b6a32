import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import { readJsonSet } from '../../publishers/common/json-set';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { normalizeNctId, type StudyDate, type StudySite, type TrialStudyRow } from '../../trials/study-rows';
import { usStateCode } from '../../trials/us-states';

const SET_ID = 'nlm_ctgov/studies-set';
const ONE_ID = 'nlm_ctgov/study-json';

// biome-ignore lint/suspicious/noExplicitAny: a published JSON object, read field by field with checks
type Obj = Record<string, any>;

const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const strs = (v: unknown): string[] =>
  arr(v)
    .map(str)
    .filter((s): s is string => s !== null);

function dateOf(v: unknown): StudyDate | null {
  const d = obj(v);
  const date = str(d.date);
  return date ? { date, type: str(d.type) } : null;
}

const isoDay = (d: string | undefined): string | null => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null);

function siteOf(v: unknown): StudySite {
  const l = obj(v);
  const state = str(l.state);
  const country = str(l.country);
  return {
    facility: str(l.facility),
    status: str(l.status),
    city: str(l.city),
    state,
    state_code: usStateCode(state, country),
    zip: str(l.zip),
    country,
    investigators: arr(l.contacts)
      .map(obj)
      .filter((c) => str(c.role) !== null && str(c.role) !== 'CONTACT')
      .map((c) => ({ name: str(c.name), role: str(c.role) })),
  };
}

/**
 * One ClinicalTrials.gov API v2 study object (the elements of `studies` in GET /studies, and the
 * whole body of GET /studies/{nctId}) as a row. Modules absent from the answer (a `fields`-limited
 * request, an old record) leave their fields empty; only an element without an NCT number in
 * `protocolSection.identificationModule.nctId` is refused.
 */
export function studyRow(
  value: unknown,
  parserId: string,
  where: { line: number; record: number },
  element: TrialStudyRow['element'],
): TrialStudyRow {
  const p = obj(obj(value).protocolSection);
  const id = obj(p.identificationModule);
  const nct = typeof id.nctId === 'string' ? normalizeNctId(id.nctId) : null;
  if (!nct) {
    throw new PublisherFormatError(
      parserId,
      where.line,
      `study ${where.record} has no NCT number (${String(id.nctId)})`,
    );
  }
  const status = obj(p.statusModule);
  const sponsors = obj(p.sponsorCollaboratorsModule);
  const design = obj(p.designModule);
  const enrollment = obj(design.enrollmentInfo);
  const contacts = obj(p.contactsLocationsModule);
  return {
    nct_id: nct,
    brief_title: str(id.briefTitle),
    official_title: str(id.officialTitle),
    acronym: str(id.acronym),
    overall_status: str(status.overallStatus),
    study_type: str(design.studyType),
    phases: strs(design.phases),
    conditions: strs(obj(p.conditionsModule).conditions),
    keywords: strs(obj(p.conditionsModule).keywords),
    interventions: arr(obj(p.armsInterventionsModule).interventions)
      .map(obj)
      .map((i) => ({ type: str(i.type), name: str(i.name) })),
    lead_sponsor: str(obj(sponsors.leadSponsor).name),
    lead_sponsor_class: str(obj(sponsors.leadSponsor).class),
    collaborators: arr(sponsors.collaborators)
      .map(obj)
      .map((c) => ({ name: str(c.name), class: str(c.class) })),
    enrollment:
      Object.keys(enrollment).length === 0
        ? null
        : { count: typeof enrollment.count === 'number' ? enrollment.count : null, type: str(enrollment.type) },
    start_date: dateOf(status.startDateStruct),
    primary_completion_date: dateOf(status.primaryCompletionDateStruct),
    completion_date: dateOf(status.completionDateStruct),
    first_posted: dateOf(status.studyFirstPostDateStruct)?.date ?? null,
    // A full date only: the `updated` listing sorts and filters on it as a date.
    last_update_posted: isoDay(dateOf(status.lastUpdatePostDateStruct)?.date),
    // Its month: the by_update_month rollup counts whole months of a window (shared/trials/window-total.ts).
    last_update_month: isoDay(dateOf(status.lastUpdatePostDateStruct)?.date)?.slice(0, 7) ?? null,
    officials: arr(contacts.overallOfficials)
      .map(obj)
      .map((o) => ({ name: str(o.name), affiliation: str(o.affiliation), role: str(o.role) })),
    sites: arr(contacts.locations).map(siteOf),
    element,
    locator: where,
  };
}

/**
 * A complete walk of GET /studies (the set manifest `ctgov-studies-pages.json` and the pages it
 * names by sha256): every study of every page, in page order. `locator.line` is the page number,
 * `locator.record` the study's position in the set; `element` cites the page and byte offset.
 */
export const ctgovSetParser: PublisherParser<TrialStudyRow> = {
  id: SET_ID,
  version: '1',
  async *parse(input, options) {
    for await (const e of readJsonSet(SET_ID, input, ['studies'], options)) {
      yield studyRow(
        e.value,
        SET_ID,
        { line: e.page, record: e.record },
        {
          page: e.page,
          sha256: e.sha256,
          offset: e.offset,
        },
      );
    }
  },
  codesOf: () => [],
};

async function wholeJson(input: ByteInput): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const c of toChunks(input)) parts.push(c);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch (err) {
    throw new PublisherFormatError(ONE_ID, 1, `not JSON: ${(err as Error).message}`);
  }
}

/** A single-study answer (GET /studies/{nctId}, saved as `NCT########.json`): one row. */
export const ctgovStudyParser: PublisherParser<TrialStudyRow> = {
  id: ONE_ID,
  version: '1',
  async *parse(input) {
    yield studyRow(await wholeJson(input), ONE_ID, { line: 1, record: 1 }, null);
  },
  codesOf: () => [],
};
