import { rowSourceOf } from '../catalog/provenance';
import type { DatasetView } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { facilityAffiliationsBlock, hospitalAffiliationsBlock } from './dac-blocks';
import type { ProviderIdentity } from './dac-schemas';
import { type DossierBlock, type DossierRead, readTogether } from './dossier-block';
import { DOSSIER_METHODOLOGY, type ProviderDossier } from './dossier-schemas';
import { employmentWithEmployerNpis, enrollmentsViewRead } from './employer-npi';
import { licenseRead } from './license-block';
import { type LinksRead, linksRead } from './links-read';
import { qualityRead } from './quality-block';
import { providersOf, registryDataset, registryDate } from './resolve';
import { trialsRead } from './trials-block';

/** The NPPES identity block of the NPI from its registry index rows, in the registry view given. */
export function identityBlock(
  registry: DatasetView,
  npi: string,
  found: ReadonlyMap<string, readonly StoredRow[]>,
): DossierBlock<ProviderIdentity> {
  if (!registry.versions.length) return { sources: [], gaps: registry.gaps, data: null };
  const hit = providersOf(registry, found).get(npi);
  if (!hit) return { sources: registry.sourceVersions(), gaps: registry.gaps, data: null };
  const p = hit.provider;
  return {
    sources: registry.sourceVersions([hit.version]),
    gaps: registry.gaps,
    data: {
      npi: p.npi,
      entity_type: p.entity_type,
      last_name: p.last_name,
      first_name: p.first_name,
      middle_name: p.middle_name,
      credential: p.credential,
      organization_name: p.organization_name,
      practice_city: p.practice_city,
      practice_state: p.practice_state,
      practice_postal_code: p.practice_postal_code,
      primary_taxonomy: p.primary_taxonomy,
      enumeration_date: p.enumeration_date,
      deactivation_date: p.deactivation_date,
      reactivation_date: p.reactivation_date,
      source: rowSourceOf(hit.version, p.locator),
    },
  };
}

/** The identity as the dossier reads it: the registry's heads (viewed as loaded today: resolve.ts), the NPI's index entries. */
export const identityRead: DossierRead<{ block: DossierBlock<ProviderIdentity>; registry: DatasetView }> = {
  views: (deps) => [{ dataset: registryDataset(), date: registryDate(deps) }],
  lookups: ([registry], npi) =>
    registry!.versions.length
      ? [{ dataset: registry!.dataset, index: 'npi', keys: [npi], versions: registry!.versions }]
      : [],
  finish: async (_deps, npi, [registry], [found]) => ({
    block: identityBlock(registry!, npi, found ?? new Map()),
    registry: registry!,
  }),
};

/**
 * 503 naming the sources when neither the registry nor any provider-links source is in force;
 * 404 when they are and none lists the NPI.
 */
export function requireListed(
  npi: string,
  date: string,
  identity: { block: DossierBlock<ProviderIdentity>; registry: DatasetView },
  links: LinksRead,
): void {
  if (!identity.registry.versions.length && !links.view.versions.length) {
    throw new SourceNotLoadedError(
      `None of nppes, cms_dac, cms_pecos_reassignment is loaded and in force on ${date}.`,
      {
        sources: ['nppes', 'cms_dac', 'cms_pecos_reassignment'],
        gaps: [...identity.registry.gaps, ...links.view.gaps],
      },
    );
  }
  if (!identity.block.data && !links.rows.length) {
    throw new NotFoundError(
      `${npi} is in neither the NPPES registry as loaded nor the Doctors and Clinicians and reassignment files in force on ${date}.`,
      { npi },
    );
  }
}

/**
 * The dossier of an NPI on the date (issue 21 points 1 and 8): identity and the six blocks, read
 * together (dossier-block.ts `readTogether`): one batch read of every dataset's timeline heads,
 * one batched get of the NPI's index entries in the registry, the state board files, MIPS and the
 * Open Payments research index, then the provider-links partition query (shared by employment,
 * facility and hospital affiliations) and the board directory (through the listing cache: two
 * queries on a cold process, none after), and after the links query the employment block's PPEF
 * get of the groups' keys (employer-npi.ts). Six reads at most on a cold process, four warm; a
 * date older than what a source's timeline heads decide adds that source's version query, and an
 * investigator with a full research index entry adds that version's listing (trials-block.ts).
 */
export async function providerDossier(deps: Deps, npi: string, date: string): Promise<ProviderDossier> {
  const [identityRes, links, license, quality, trials, enrollments] = await readTogether(deps, npi, date, [
    identityRead,
    linksRead,
    licenseRead,
    qualityRead,
    trialsRead,
    enrollmentsViewRead,
  ] as const);
  requireListed(npi, date, identityRes, links);
  const identity = identityRes.block;
  const blocks = {
    identity,
    license_intelligence: license,
    quality_intelligence: quality,
    employment_intelligence: await employmentWithEmployerNpis(deps, links, enrollments),
    clinical_trials: trials,
    facility_affiliations: facilityAffiliationsBlock(links),
    hospital_affiliations: hospitalAffiliationsBlock(links),
  };
  const all = Object.values(blocks) as DossierBlock<unknown>[];
  const seen = new Set<string>();
  const sources = all
    .flatMap((b) => b.sources)
    .filter((s) => {
      const k = `${s.source_id}#${s.version_id}`;
      return !seen.has(k) && !!seen.add(k);
    });
  const gapKeys = new Set<string>();
  const gaps = all
    .flatMap((b) => b.gaps)
    .filter((g) => {
      const k = `${g.source_id}#${g.doc_id}#${g.reason}`;
      return !gapKeys.has(k) && !!gapKeys.add(k);
    });
  return { npi, ...blocks, sources, gaps, as_of: date, methodology_note: DOSSIER_METHODOLOGY } as ProviderDossier;
}
