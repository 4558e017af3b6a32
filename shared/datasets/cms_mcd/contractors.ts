import type { Located } from '../../publishers/common/types';
import type { McdDocType } from './code-lists';
import { mcdTable } from './table';

/** A document version assigned to a contractor ({lcd,article}_x_contractor.csv). */
export interface McdDocContractorRecord extends Located {
  doc_type: McdDocType;
  doc_id: number;
  doc_version: number;
  contractor_id: number;
  contractor_type_id: number | null;
  contractor_version: number | null;
  last_updated: string | null;
}

/** A Medicare contractor (contractor.csv). `state_id` is the mailing address's state, not its jurisdiction. */
export interface McdContractorRecord extends Located {
  contractor_id: number;
  contractor_type_id: number | null;
  contractor_version: number | null;
  business_name: string | null;
  contractor_number: string | null;
  dmerc_region: number | null;
  city: string | null;
  state_id: number | null;
  status: string | null;
  url: string | null;
  last_updated: string | null;
}

/** A state a contractor serves (contractor_jurisdiction.csv): the contractor-to-state map. */
export interface McdJurisdictionRecord extends Located {
  contractor_id: number;
  contractor_type_id: number | null;
  contractor_version: number | null;
  state_id: number;
  active_date: string | null;
  term_date: string | null;
  last_updated: string | null;
}

/** state_lookup.csv: MCD state ids to USPS-style abbreviations (plus MCD sub-state areas such as `EM`, `DN`). */
export interface McdStateRecord extends Located {
  state_id: number;
  state_abbrev: string;
  description: string | null;
}

function docContractors(docType: McdDocType) {
  return mcdTable<McdDocContractorRecord>({
    id: `cms_mcd/${docType}_x_contractor`,
    required: [`${docType}_id`, `${docType}_version`, 'contractor_id'],
    build: (r) => ({
      doc_type: docType,
      doc_id: r.requiredInt(`${docType}_id`),
      doc_version: r.requiredInt(`${docType}_version`),
      contractor_id: r.requiredInt('contractor_id'),
      contractor_type_id: r.int('contractor_type_id'),
      contractor_version: r.int('contractor_version'),
      last_updated: r.text('last_updated'),
    }),
  });
}

export const mcdLcdContractorParser = docContractors('lcd');
export const mcdArticleContractorParser = docContractors('article');

export const mcdContractorParser = mcdTable<McdContractorRecord>({
  id: 'cms_mcd/contractor',
  required: ['contractor_id'],
  build: (r) => ({
    contractor_id: r.requiredInt('contractor_id'),
    contractor_type_id: r.int('contractor_type_id'),
    contractor_version: r.int('contractor_version'),
    business_name: r.text('contractor_bus_name'),
    contractor_number: r.text('contractor_number'),
    dmerc_region: r.int('dmerc_rgn'),
    city: r.text('city'),
    state_id: r.int('state_id'),
    status: r.text('status'),
    url: r.text('url'),
    last_updated: r.text('last_updated'),
  }),
});

export const mcdJurisdictionParser = mcdTable<McdJurisdictionRecord>({
  id: 'cms_mcd/contractor_jurisdiction',
  required: ['contractor_id', 'state_id'],
  build: (r) => ({
    contractor_id: r.requiredInt('contractor_id'),
    contractor_type_id: r.int('contractor_type_id'),
    contractor_version: r.int('contractor_version'),
    state_id: r.requiredInt('state_id'),
    active_date: r.date('active_date'),
    term_date: r.date('term_date'),
    last_updated: r.text('last_updated'),
  }),
});

export const mcdStateParser = mcdTable<McdStateRecord>({
  id: 'cms_mcd/state_lookup',
  required: ['state_id', 'state_abbrev'],
  build: (r) => ({
    state_id: r.requiredInt('state_id'),
    state_abbrev: (r.text('state_abbrev') ?? '').toUpperCase(),
    description: r.text('description'),
  }),
});
