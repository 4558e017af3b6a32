import { rowSourceOf } from '../catalog/provenance';
import type { DatasetView } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { employmentBlock, facilityAffiliationsBlock, hospitalAffiliationsBlock } from './dac-blocks';
import type { ProviderIdentity } from './dac-schemas';
import type { DossierBlock } from './dossier-block';
import { DOSSIER_METHODOLOGY, type ProviderDossier } from './dossier-schemas';
import { licenseDossierBlock } from './license-block';
import { type LinksRead, linksAndRegistryViews, linksOf } from './links-read';
import { qualityDossierBlock } from './quality-block';
import { resolveNpis } from './resolve';
import { trialsDossierBlock } from './trials-block';

/** The NPPES identity block of the NPI (one batched get), in the registry view given. */
export async function identityBlock(
  deps: Deps,
  registry: DatasetView,
  npi: string,
): Promise<DossierBlock<ProviderIdentity>> {
  if (!registry.versions.length) return { sources: [], gaps: registry.gaps, data: null };
  const found = (await resolveNpis(deps, [npi], registry)).providers.get(npi);
  if (!found) return { sources: registry.sourceVersions(), gaps: registry.gaps, data: null };
  const p = found.provider;
  return {
    sources: registry.sourceVersions([found.version]),
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
      source: rowSourceOf(found.version, p.locator),
    },
  };
}

/**
 * The identity and the NPI's provider-links rows: one batch read of both datasets' timeline heads,
 * then the registry's batched get and the links partition query in parallel (three reads). 503
 * naming the sources when neither the registry nor any provider-links source is in force; 404 when
 * they are and none lists the NPI.
 */
export async function identityAndLinks(
  deps: Deps,
  npi: string,
  date: string,
): Promise<{ identity: DossierBlock<ProviderIdentity>; links: LinksRead }> {
  const v = await linksAndRegistryViews(deps, date);
  if (!v.registry.versions.length && !v.links.versions.length) {
    throw new SourceNotLoadedError(
      `None of nppes, cms_dac, cms_pecos_reassignment is loaded and in force on ${date}.`,
      { sources: ['nppes', 'cms_dac', 'cms_pecos_reassignment'], gaps: [...v.registry.gaps, ...v.links.gaps] },
    );
  }
  const [identity, links] = await Promise.all([
    identityBlock(deps, v.registry, npi),
    v.links.versions.length ? linksOf(deps, v.links, npi) : { view: v.links, rows: [], truncated: false },
  ]);
  if (!identity.data && !links.rows.length) {
    throw new NotFoundError(
      `${npi} is in neither the NPPES registry as loaded nor the Doctors and Clinicians and reassignment files in force on ${date}.`,
      { npi },
    );
  }
  return { identity, links };
}

/**
 * The dossier of an NPI on the date (issue 21 point 1): identity and the six blocks. The blocks of
 * this area (employment, facility and hospital affiliations) share the identity's three reads; the
 * other areas' readers spend their own (at most two each).
 */
export async function providerDossier(deps: Deps, npi: string, date: string): Promise<ProviderDossier> {
  const [{ identity, links }, license, quality, trials] = await Promise.all([
    identityAndLinks(deps, npi, date),
    licenseDossierBlock(deps, npi, date),
    qualityDossierBlock(deps, npi, date),
    trialsDossierBlock(deps, npi, date),
  ]);
  const blocks = {
    identity,
    license_intelligence: license,
    quality_intelligence: quality,
    employment_intelligence: employmentBlock(links),
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
