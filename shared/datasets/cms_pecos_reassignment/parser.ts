import type { ProviderLinkRow } from '../../providers/links-rows';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { headedCsvRows } from '../../publishers/common/headed-csv';
import { at, type HeaderIndex } from '../../publishers/common/header';
import type { PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { REASSIGNMENT_HEAD } from './head';

const ID = REASSIGNMENT_HEAD.id;

/**
 * Columns of the Revalidation Reassignment List (data.cms.gov, "Revalidation Clinic Group Practice
 * Reassignment"), read by name: releases spell the group name `Group Legal Business Name` or
 * `Group Legal_Business Name`; `Individual PAC ID` was added later. Dates are MM/DD/YYYY or empty;
 * the due dates can also read `TBD`.
 */
const COLUMNS = {
  groupPac: ['Group PAC ID'],
  groupEnrl: ['Group Enrollment ID'],
  groupName: ['Group Legal Business Name', 'Group Legal_Business Name'],
  groupState: ['Group State Code'],
  groupDue: ['Group Due Date'],
  groupMembers: ['Group Reassignments and Physician Assistants'],
  recordType: ['Record Type'],
  indPac: ['Individual PAC ID'],
  indEnrl: ['Individual Enrollment ID'],
  npi: ['Individual NPI'],
  first: ['Individual First Name'],
  last: ['Individual Last Name'],
  state: ['Individual State Code'],
  specialty: ['Individual Specialty Description'],
  indDue: ['Individual Due Date'],
  associations: ['Individual Total Employer Associations'],
} as const;
type Col = keyof typeof COLUMNS;
const REQUIRED: readonly Col[] = ['groupPac', 'groupEnrl', 'groupName', 'npi'];

function layout(h: HeaderIndex): Record<Col, number> {
  const out = {} as Record<Col, number>;
  for (const [k, names] of Object.entries(COLUMNS) as [Col, readonly string[]][])
    out[k] = REQUIRED.includes(k) ? h.require(...names) : h.find(...names);
  return out;
}

const count = (raw: string) => (/^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null);

function row(f: string[], p: Record<Col, number>, line: number, record: number): ProviderLinkRow {
  const g = (k: Col) => text(at(f, p[k]));
  const npi = (g('npi') ?? '').replace(/\.0+$/, '');
  if (!/^\d{10}$/.test(npi))
    throw new PublisherFormatError(ID, line, `Individual NPI ${JSON.stringify(g('npi'))} is not 10 digits`);
  const due = (k: Col) => parseDate(at(f, p[k]), ID, line, ['TBD', 'N/A']);
  return {
    kind: 'reassignment',
    npi,
    hospital_ccn: null,
    clinician: null,
    facility: null,
    reassignment: {
      group_pac_id: g('groupPac'),
      group_enrollment_id: g('groupEnrl'),
      group_name: g('groupName'),
      group_state: g('groupState'),
      group_due_date: due('groupDue'),
      group_members: count(at(f, p.groupMembers)),
      record_type: g('recordType'),
      individual_pac_id: g('indPac'),
      individual_enrollment_id: g('indEnrl'),
      last_name: g('last'),
      first_name: g('first'),
      state: g('state'),
      specialty: g('specialty'),
      individual_due_date: due('indDue'),
      employer_associations: count(at(f, p.associations)),
    },
    locator: { line, record },
  };
}

/**
 * The Medicare Revalidation Reassignment List: one row per individual (NPI) and the group
 * (PAC ID, enrollment ID, legal business name) the individual reassigns benefits to; `Record Type`
 * is `Reassignment` or `Physician Assistant` (a PA employed by the group). Groups are named by PAC ID
 * and enrollment ID: the file carries no group NPI.
 */
export const reassignmentParser: PublisherParser<ProviderLinkRow> = {
  ...REASSIGNMENT_HEAD,
  parse: (input, options) => headedCsvRows(input, options, ID, layout, row),
  codesOf: () => [],
};
