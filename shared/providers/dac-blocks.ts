import type { CatalogGap } from '../catalog/in-force';
import type { RowSource } from '../catalog/provenance';
import type { Deps } from '../deps';
import type {
  AttributionSignal,
  Derivation,
  EmploymentData,
  FacilityAffiliationsData,
  HospitalAffiliationsData,
} from './dac-schemas';
import { type DossierBlock, type DossierBlockReader, readTogether } from './dossier-block';
import { BLOCK_DOCS, type LinksRead, linksRead } from './links-read';
import { AFFILIATION_FACILITY_TYPES } from './links-rows';

type Docs = readonly string[];

/** The block's provenance: the versions in force of its documents, and the gaps of those documents. */
function blockOf<T>(read: LinksRead, docs: Docs, data: (inForce: Set<string>) => T): DossierBlock<T> {
  const versions = read.view.versions.filter((v) => docs.includes(v.doc_id));
  const sourceIds = new Set(read.view.dataset.docs.filter((d) => docs.includes(d.docId)).map((d) => d.sourceId));
  const gaps: CatalogGap[] = read.view.gaps.filter((g) =>
    g.doc_id === null ? sourceIds.has(g.source_id) : docs.includes(g.doc_id),
  );
  const inForce = new Set(versions.map((v) => v.doc_id));
  return {
    sources: read.view.sourceVersions(versions),
    gaps,
    data: inForce.size ? data(inForce) : null,
  };
}

const NO_NPI = {
  reassignment: 'not_published: the Revalidation Reassignment List names the group by PAC ID and enrollment ID only.',
  group_practice: 'not_published: the DAC national file names the group practice by org_pac_id only.',
  facility_affiliation: 'not_published: the DAC facility-affiliation file names the facility by CCN only.',
} as const;

const ORDER: Record<Derivation, number> = { reassignment: 0, group_practice: 1, facility_affiliation: 2 };

/** Attribution signals: reassignments, group practices (one per org_pac_id), facility affiliations. */
export function employmentBlock(read: LinksRead): DossierBlock<EmploymentData> {
  return blockOf(read, BLOCK_DOCS.employment, () => {
    const out: AttributionSignal[] = [];
    const groups = new Map<string, AttributionSignal>();
    const base = (d: Derivation, source: RowSource) => ({
      derivation: d,
      employer_npi: null,
      employer_npi_basis: NO_NPI[d],
      employer_npi_via: null,
      employer_npi_source: null,
      employer_npi_candidates: [],
      corroborated_by: [] as Derivation[],
      source,
    });
    for (const { row, source } of read.rows) {
      const r = row.reassignment;
      const c = row.clinician;
      const f = row.facility;
      if (r) {
        out.push({
          ...base('reassignment', source),
          employer_name: r.group_name,
          employer_pac_id: r.group_pac_id,
          employer_enrollment_id: r.group_enrollment_id,
          employer_ccn: null,
          employer_state: r.group_state,
          facility_type: null,
          group_members: r.group_members,
          record_type: r.record_type,
          link: 'Individual NPI of the reassignment list',
        });
      } else if (c?.org_pac_id) {
        // One signal per group: the national file repeats the group on every address row.
        if (groups.has(c.org_pac_id)) continue;
        const s: AttributionSignal = {
          ...base('group_practice', source),
          employer_name: c.org_name,
          employer_pac_id: c.org_pac_id,
          employer_enrollment_id: null,
          employer_ccn: null,
          employer_state: c.address.state,
          facility_type: null,
          group_members: c.org_members,
          record_type: null,
          link: 'NPI of the DAC national file row; group by org_pac_id',
        };
        groups.set(c.org_pac_id, s);
        out.push(s);
      } else if (f) {
        out.push({
          ...base('facility_affiliation', source),
          employer_name: null,
          employer_pac_id: null,
          employer_enrollment_id: null,
          employer_ccn: f.ccn,
          employer_state: null,
          facility_type: f.facility_type,
          group_members: null,
          record_type: null,
          link: 'NPI of the facility-affiliation row; facility by CCN',
        });
      }
    }
    for (const s of out) {
      if (!s.employer_pac_id || s.derivation === 'facility_affiliation') continue;
      const other: Derivation = s.derivation === 'reassignment' ? 'group_practice' : 'reassignment';
      if (out.some((o) => o.derivation === other && o.employer_pac_id === s.employer_pac_id))
        s.corroborated_by = [other];
    }
    out.sort(
      (a, b) =>
        ORDER[a.derivation] - ORDER[b.derivation] ||
        a.source.version_id - b.source.version_id ||
        a.source.locator.record - b.source.locator.record,
    );
    return { attribution_signals: out, truncated: read.truncated };
  });
}

/** Facility affiliations of every type, in file order, with counts per type. */
export function facilityAffiliationsBlock(read: LinksRead): DossierBlock<FacilityAffiliationsData> {
  return blockOf(read, BLOCK_DOCS.facility, () => {
    const counts: Record<string, number> = Object.fromEntries(AFFILIATION_FACILITY_TYPES.map((t) => [t, 0]));
    const items = read.rows.flatMap(({ row, source }) => {
      const f = row.facility;
      if (!f) return [];
      if (f.facility_type) counts[f.facility_type]! += 1;
      return [
        {
          facility_type: f.facility_type,
          facility_type_published: f.facility_type_published,
          ccn: f.ccn,
          parent_ccn: f.parent_ccn,
          source,
        },
      ];
    });
    return { items, counts };
  });
}

/** Hospitals by CCN: facility-affiliation rows of type hospital, and the national file's hosp_afl_N columns. */
export function hospitalAffiliationsBlock(read: LinksRead): DossierBlock<HospitalAffiliationsData> {
  return blockOf(read, BLOCK_DOCS.hospital, () => {
    const byCcn = new Map<string, HospitalAffiliationsData['items'][number]>();
    const add = (
      ccn: string,
      name: string | null,
      via: 'facility_affiliation' | 'national_file',
      source: RowSource,
    ) => {
      const cur = byCcn.get(ccn) ?? { ccn, name: null, via: [], sources: [] };
      cur.name ??= name;
      if (!cur.via.includes(via)) cur.via.push(via);
      cur.sources.push(source);
      byCcn.set(ccn, cur);
    };
    for (const { row, source } of read.rows) {
      if (row.facility?.facility_type === 'hospital') add(row.facility.ccn, null, 'facility_affiliation', source);
      for (const h of row.clinician?.hospital_affiliations ?? []) add(h.ccn, h.name, 'national_file', source);
    }
    return { items: [...byCcn.values()].sort((a, b) => (a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0)) };
  });
}

/** One block alone (its own two reads: the view, then the NPI's rows). */
function reader<T>(build: (read: LinksRead) => DossierBlock<T>): DossierBlockReader<T> {
  return async (deps: Deps, npi: string, date: string) =>
    build((await readTogether(deps, npi, date, [linksRead] as const))[0]);
}

export const facilityAffiliationsDossierBlock = reader(facilityAffiliationsBlock);
export const hospitalAffiliationsDossierBlock = reader(hospitalAffiliationsBlock);
