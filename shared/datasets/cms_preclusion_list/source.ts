import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';

/**
 * The CMS Preclusion List: prescribers and providers whose Medicare Part D prescriptions and Medicare
 * Advantage items and services are not paid (42 CFR 422.222, 423.120(c)(6)). CMS makes it available
 * only to Part D plan sponsors and Medicare Advantage organizations, monthly, through its secure
 * portal; it is not published for the public. It is declared here so that exclusion answers name it
 * as a list they could not search (a coverage gap), never as one that cleared anyone. An operator
 * entitled to the file could archive it (`npm run archive -- import`), but no layout reads it: its
 * record layout is not public either.
 */
export const source: SourceDecl = {
  sourceId: 'cms_preclusion_list',
  title: 'CMS Preclusion List (Medicare Part D and Medicare Advantage)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'Not public: released to Part D sponsors and Medicare Advantage organizations only',
    url: 'https://www.cms.gov/medicare/provider-enrollment-and-certification/medicareprovidersupenroll/preclusionlist',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: {
    cadence: 'exempt',
    reason:
      'Not publicly released (CMS sends it monthly to Part D sponsors and MA organizations only): nothing to fetch.',
  },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/provider-enrollment-and-certification/medicareprovidersupenroll/preclusionlist',
      kind: 'listing',
      note: 'CMS page describing the list and who receives it; the list itself is not linked.',
    },
  ],
  docs: [
    {
      docId: 'precl:1',
      title: 'Preclusion List (monthly file to plan sponsors)',
      match: /preclusion[^/]*\.(csv|txt|xlsx|zip)$/i,
    },
  ],
  access: {
    restricted: true,
    rule: 'CMS releases the Preclusion List only to Medicare Part D plan sponsors and Medicare Advantage organizations, monthly, through its secure portal; it is not available to the public, so it is not searched here.',
  },
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
