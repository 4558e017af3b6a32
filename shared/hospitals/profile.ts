import type { Deps } from '../deps';
import type { FacilityRow } from '../facilities/facility-rows';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { latestPer, type ProfileViews, profileViews, provenance, requireInForce, rowsOf } from './profile-read';
import type { CmiRow, PepRow, PosRow } from './profile-rows';
import {
  type CaseMixIndex,
  CMI_METHODOLOGY,
  type HospitalProfile,
  type HospitalServices,
  PROFILE_METHODOLOGY,
  SERVICES_METHODOLOGY,
} from './profile-schemas';

const LINKS = [
  { block: 'general', method: 'CCN: Facility ID of Hospital General Information' },
  {
    block: 'accreditation, medical school affiliation, termination, cbsa_code',
    method: 'CCN: PRVDR_NUM of the POS file',
  },
  { block: 'case_mix_index', method: 'CCN: Provider Number of the IPPS final rule file' },
  { block: 'cbsa_population', method: 'CBSA code: the POS CBSA_CD of the CCN, then the Census area of that code' },
];

/**
 * A hospital's profile on the date: general information, accreditation, medical school affiliation,
 * CBSA and its population, and the latest case mix index, each with the row it came from. Reads:
 * one batch read of the four datasets' timeline heads, three batched gets by CCN (in parallel) and
 * one by CBSA: five storage reads when the heads decide the date (tests/integration/hospitals/profile.test.ts
 * counts them). 404 when no source in force lists the CCN; 503 when none of the CCN sources is in force.
 */
export async function hospitalProfile(deps: Deps, ccn: string, date: string): Promise<HospitalProfile> {
  const v = (await profileViews(deps, date, ['hgi', 'pos', 'cmi', 'pep'])) as ProfileViews;
  if (!v.hgi.versions.length && !v.pos.versions.length && !v.cmi.versions.length) {
    throw new SourceNotLoadedError(
      `None of cms_hospital_general_information, cms_pos, cms_ipps_cmi is loaded and in force on ${date}.`,
      {
        sources: ['cms_hospital_general_information', 'cms_pos', 'cms_ipps_cmi'],
        gaps: [...v.hgi.gaps, ...v.pos.gaps, ...v.cmi.gaps],
      },
    );
  }
  const [hgiRows, posRows, cmiRows] = await Promise.all([
    rowsOf<FacilityRow>(deps, v.hgi, 'ccn', ccn),
    rowsOf<PosRow>(deps, v.pos, 'ccn', ccn),
    rowsOf<CmiRow>(deps, v.cmi, 'ccn', ccn),
  ]);
  const hgi = hgiRows.at(-1);
  const pos = posRows.at(-1);
  const cmi = [...latestPer(cmiRows, (r) => r.fiscal_year).values()].sort(
    (a, b) => b.row.fiscal_year - a.row.fiscal_year,
  )[0];
  if (!hgi && !pos && !cmi) {
    throw new NotFoundError(
      `${ccn} is in none of Hospital General Information, the Provider of Services file and the IPPS case mix index files in force on ${date}.`,
      { ccn },
    );
  }
  const cbsa = pos?.row.cbsa_code ?? null;
  const pep = cbsa
    ? (await rowsOf<PepRow>(deps, v.pep, 'cbsa', cbsa))
        .sort((a, b) => a.row.vintage - b.row.vintage || a.rank - b.rank)
        .at(-1)
    : undefined;
  const latest = pep?.row.estimates.at(-1);
  const p = pos?.row;
  const acr = p?.accreditation;
  return {
    ccn,
    general: hgi
      ? {
          facility_name: hgi.row.facility_name,
          address: hgi.row.address,
          city: hgi.row.city,
          state: hgi.row.state,
          zip: hgi.row.zip,
          county: hgi.row.county,
          hospital_type: hgi.row.hospital_type,
          ownership: hgi.row.ownership,
          emergency_services: hgi.row.emergency_services,
          source: hgi.source,
        }
      : null,
    facility_name: hgi?.row.facility_name ?? p?.facility_name ?? cmi?.row.provider_name ?? null,
    cbsa_code: cbsa,
    case_mix_index: cmi
      ? {
          value: cmi.row.case_mix_index,
          fiscal_year: cmi.row.fiscal_year,
          cases: cmi.row.cases,
          source: cmi.source,
        }
      : null,
    cbsa_population:
      pep && latest
        ? {
            cbsa_code: pep.row.cbsa_code,
            name: pep.row.name,
            lsad: pep.row.lsad,
            year: latest.year,
            population: latest.population,
            vintage: pep.row.vintage,
            source: pep.source,
          }
        : null,
    accreditation_agency:
      pos && acr?.type && acr.type.code !== '0'
        ? { code: acr.type.code, name: acr.type.label, effective_date: acr.effective_date, source: pos.source }
        : null,
    accreditation_expiration_date:
      pos && acr?.expiration_date ? { value: acr.expiration_date, source: pos.source } : null,
    medical_school_affiliation:
      pos && p?.medical_school_affiliation ? { ...p.medical_school_affiliation, source: pos.source } : null,
    termination: pos && p?.termination ? { ...p.termination, date: p.termination_date, source: pos.source } : null,
    links: LINKS,
    ...provenance(cbsa ? [v.hgi, v.pos, v.cmi, v.pep] : [v.hgi, v.pos, v.cmi], date, PROFILE_METHODOLOGY),
  };
}

/** A hospital's case mix index by fiscal year, newest first; of two releases of a year, the later in force. */
export async function caseMixIndex(deps: Deps, ccn: string, date: string): Promise<CaseMixIndex> {
  const { cmi } = (await profileViews(deps, date, ['cmi'])) as ProfileViews;
  requireInForce(cmi, date);
  const rows = [...latestPer(await rowsOf<CmiRow>(deps, cmi, 'ccn', ccn), (r) => r.fiscal_year).values()].sort(
    (a, b) => b.row.fiscal_year - a.row.fiscal_year,
  );
  if (!rows.length) {
    const years = cmi
      .sourceVersions()
      .map((s) => s.publisher_version)
      .join(', ');
    throw new NotFoundError(
      `${ccn} is in none of the IPPS case mix index files in force on ${date} (${years}); only IPPS hospitals have one.`,
      { ccn },
    );
  }
  return {
    ccn,
    items: rows.map((f) => ({
      fiscal_year: f.row.fiscal_year,
      case_mix_index: f.row.case_mix_index,
      cases: f.row.cases,
      provider_name: f.row.provider_name,
      cmi_column: f.row.cmi_column,
      source_row: f.row.source_row,
      source: f.source,
    })),
    ...provenance([cmi], date, CMI_METHODOLOGY),
  };
}

/** The services of a provider in the POS file in force (every service indicator column). */
export async function hospitalServices(deps: Deps, ccn: string, date: string): Promise<HospitalServices> {
  const { pos } = (await profileViews(deps, date, ['pos'])) as ProfileViews;
  requireInForce(pos, date);
  const found = (await rowsOf<PosRow>(deps, pos, 'ccn', ccn)).at(-1);
  if (!found) {
    throw new NotFoundError(`${ccn} is not in the Provider of Services file in force on ${date}.`, { ccn });
  }
  const r = found.row;
  return {
    ccn,
    facility_name: r.facility_name,
    category: r.category,
    items: r.services,
    provided_count: r.services.filter((s) => s.provided).length,
    source: found.source,
    ...provenance([pos], date, SERVICES_METHODOLOGY),
  };
}
