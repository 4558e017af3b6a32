import { looksLikeOrganization, personParts } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import { readLineBatches } from '../../publishers/common/lines';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { nyHead } from './head';

const ID = nyHead.id;

/** Provider types that are people (the list's other types are businesses: pharmacies, DME, clinics). */
const PERSON_TYPES =
  /^(physician|rn|lpn|dpm|podiatrist|dentist|dds|nurse|pharmacist|physician assistant|np|nurse practitioner|therapist|psychologist|optometrist|chiropractor|midwife|social worker|home health aide|personal care aide|ordered ambulatory|practitioner)/i;

/**
 * NY OMIG exclusion list: tab-delimited text without quoting, LF, header `PROVIDER_NAME
 * LICENSE_NUMBER NPI_Number PROVIDER_TYPE SANCTION_DATE ACTION_TYPE`. The name is one field in
 * `LAST FIRST MI` order, space-padded before a credential or legal form (`ZUTTAH SILAS H    MD`,
 * `ALAM DRUG                CORP`); dates MM/DD/YYYY; no end date is published.
 */
async function* parseNy(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let h: HeaderIndex | null = null;
  let count = 0;
  for await (const batch of readLineBatches(input, 'windows-1252', ID)) {
    for (const pl of batch) {
      const f = pl.text.split('\t');
      if (!h) {
        h = new HeaderIndex(f, ID, pl.line);
        for (const c of ['PROVIDER_NAME', 'NPI_Number', 'SANCTION_DATE']) h.require(c);
        continue;
      }
      if (f.every((x) => x.trim() === '')) continue;
      const g = (c: string) => at(f, h!.find(c));
      const raw = g('PROVIDER_NAME');
      const name = clean(raw);
      if (!name) throw new PublisherFormatError(ID, pl.line, 'PROVIDER_NAME is empty');
      const type = clean(g('PROVIDER_TYPE'));
      const r = emptyRecord('state', 'NY', { line: pl.line, record: ++count });
      const main = raw.trim().split(/\s{2,}/)[0]!;
      const person = type ? PERSON_TYPES.test(type) : !looksLikeOrganization(name);
      r.entity_type = person ? 'individual' : looksLikeOrganization(name) || type ? 'organization' : 'unknown';
      r.name = name;
      if (r.entity_type === 'individual') {
        const w = personParts(main);
        r.last_name = w[0] ?? null;
        r.first_name = w[1] ?? null;
        r.middle_name = w.slice(2).join(' ') || null;
      } else r.organization_name = name;
      const ids = npisIn(g('NPI_Number'));
      r.npis = ids.npis;
      r.npi_text = ids.text;
      r.license_number = clean(g('LICENSE_NUMBER'));
      r.provider_type = type;
      r.action = clean(g('ACTION_TYPE'));
      r.start_date = dateCell(g('SANCTION_DATE'), ID, pl.line).date;
      yield r;
    }
  }
  if (!h) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const nyLayout = defineLayout({ ...nyHead, parse: parseNy });
