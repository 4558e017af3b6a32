/**
 * Catalog endpoints of the specification (001, "Endpoints") that are not built yet. Each is in
 * the contract and answers 501 problem+json naming the dataset it waits for, so clients see the
 * whole surface and nothing is faked. Built endpoints leave this list (exclusions already did).
 */
export interface PlannedEndpoint {
  path: string;
  tag: string;
  summary: string;
  /** The source(s) whose loader it waits for. */
  needs: string;
}

/** A row maker for one tag: (path, summary, needs). */
const tagged =
  (tag: string) =>
  (path: string, summary: string, needs: string): PlannedEndpoint => ({ path, tag, summary, needs });
const rx = tagged('Drug economics');
const prov = tagged('Providers and licenses');
const org = tagged('Organizations, hospitals, finance');

export const PLANNED: readonly PlannedEndpoint[] = [
  rx('/rx/labels', 'Search human prescription labels', 'FDA SPL labels'),
  rx('/rx/labels/{set_id}', 'One label: boxed warning, indications, dosage, contraindications', 'FDA SPL labels'),
  rx('/rx/drug-classes', 'Pharmacologic classes with label counts', 'FDA SPL labels'),
  rx('/rx/recalls', 'Recall enforcement reports', 'FDA enforcement reports'),
  rx('/rx/establishments', 'Registered drug establishments', 'FDA establishment registrations'),
  rx('/rx/establishments/operations', 'Establishment operation types with counts', 'FDA establishment registrations'),
  rx('/rx/meps/mix', 'Weighted drug mix by year, payer segment and ingredient', 'MEPS'),
  rx('/rx/employers', 'Employer health plans', 'Form 5500'),
  rx('/rx/employers/metros', 'Employer rollup by metro', 'Form 5500'),
  rx('/rx/employers/integration', 'Counts and disclosed PBM fees by integration class', 'Form 5500'),
  rx('/rx/employers/{ein}', 'One employer health plan', 'Form 5500'),
  rx('/rx/pbms', 'PBM rollup', 'Form 5500'),
  prov('/provider/{npi}', 'Provider dossier', 'nppes and the provider catalog'),
  prov('/provider/{npi}/employment', 'Employment with attribution signals', 'provider catalog'),
  prov('/provider/{npi}/clinical-trials', "Investigator's trials", 'clinical trials'),
  prov('/provider/{npi}/financial-affiliation', 'Financial affiliation', 'Open Payments'),
  prov('/quality/leaderboards/{specialty}', 'Quality leaderboard of a specialty', 'MIPS quality'),
  prov('/quality/systems/{system_id}', 'Quality of a health system', 'MIPS quality'),
  prov('/quality/{npi}', 'Quality of a clinician', 'MIPS quality'),
  prov('/dac/hospital/{ccn}/affiliates', 'Providers affiliated with a hospital', 'Doctors and Clinicians'),
  org('/systems/{id}', 'Health system rollup', 'health system compendium'),
  org('/systems/{id}/financials', 'Health system filings', 'health system financials'),
  org('/systems/{id}/financials/executives', 'Health system executives', 'health system financials'),
  org('/systems/{id}/financials/workforce', 'Health system workforce', 'health system financials'),
  org('/companies/search', 'Search public companies', 'SEC filings'),
  org('/companies/{ticker}', 'Public company financials', 'SEC filings'),
  org('/ma-events/recent', 'Acquisition and divestiture events', 'SEC filings'),
];
