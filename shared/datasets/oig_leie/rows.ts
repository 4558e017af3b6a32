import { isValidNpi } from '../../codes/npi';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { mapParser } from '../../publishers/common/resume';
import type { PublisherParser } from '../../publishers/common/types';
import type { LeieRecord } from './parser';
import { leieParser } from './source';

/** An LEIE row in the common exclusion shape (the reinstatement date ends the exclusion). */
export function fromLeie(l: LeieRecord): ExclusionRecord {
  const r = emptyRecord('federal', null, l.locator);
  const person = l.entity_type === 'individual';
  r.entity_type = person ? 'individual' : 'organization';
  r.last_name = l.last_name;
  r.first_name = l.first_name;
  r.middle_name = l.middle_name;
  r.organization_name = l.business_name;
  r.name = person
    ? [l.last_name, [l.first_name, l.middle_name].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : (l.business_name ?? '');
  // Only NPIs with a valid check digit are matched on (as for the state lists); a mistyped one is
  // kept as published in npi_text, so the row can still match by name.
  r.npis = l.npi && isValidNpi(l.npi) ? [l.npi] : [];
  r.npi_text = l.npi && !isValidNpi(l.npi) ? l.npi : null;
  r.dob = l.dob;
  r.city = l.city;
  r.state = l.state;
  r.zip = l.zip;
  r.provider_type = [l.general, l.specialty].filter(Boolean).join(' / ') || null;
  r.license_number = l.upin ? `UPIN ${l.upin}` : null;
  r.action = l.exclusion_type;
  r.start_date = l.exclusion_date;
  r.end_date = l.reinstatement_date;
  r.waiver_date = l.waiver_date;
  r.waiver_state = l.waiver_state;
  return r;
}

/**
 * The LEIE parser (./parser.ts) with rows mapped to the common shape; locators unchanged. Derived
 * from the document's parser, so a load parses each file once for every consumer.
 */
export const leieExclusionParser: PublisherParser<ExclusionRecord> = mapParser(leieParser, {
  id: 'oig_leie/exclusions',
  version: `${leieParser.version}.1`,
  map: fromLeie,
});
