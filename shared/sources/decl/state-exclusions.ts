import type { DocDecl, SourceDecl, SourceUrl } from '../types';
import { NO_READING } from '../version-labels';

/**
 * State Medicaid exclusion, suspension and termination lists, one source per state
 * (`state_exclusions_<st>`, the publisher sample folder names). Each list is republished whole
 * (a snapshot replacing the previous one) under a name that carries no date, so versions are told
 * apart by their bytes and resolve by first observation; an importer may give the label it read
 * on the agency's page. Which layouts are loaded: shared/state-exclusions/layouts.
 */
interface StateList {
  st: string;
  publisher: string;
  title: string;
  urls: SourceUrl[];
  docs: Omit<DocDecl, 'docId'>[];
  /** Whether shared/state-exclusions/layouts reads this state's files (tested to agree). */
  read: boolean;
}

const listing = (url: string, note: string): SourceUrl => ({ url, kind: 'listing', note });
const PAGE_NOTE = 'Agency page that links the current list; the download name carries no date.';

const LISTS: readonly StateList[] = [
  {
    st: 'az',
    read: true,
    publisher: 'Arizona Health Care Cost Containment System (AHCCCS), Office of Inspector General',
    title: 'Arizona AHCCCS provider exclusions and terminations',
    urls: [listing('https://www.azahcccs.gov/Fraud/Providers/actions.html', PAGE_NOTE)],
    docs: [{ title: 'AHCCCS state exclusions workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'ca',
    read: true,
    publisher: 'California Department of Health Care Services (DHCS)',
    title: 'Medi-Cal Suspended and Ineligible Provider List',
    urls: [listing('https://files.medi-cal.ca.gov/pubsdoco/SandILanding.aspx', PAGE_NOTE)],
    docs: [{ title: 'Medi-Cal S&I list (CSV)', match: /\.csv$/i }],
  },
  {
    st: 'co',
    read: false,
    publisher: 'Colorado Department of Health Care Policy and Financing (HCPF)',
    title: 'Colorado Medicaid provider termination list',
    urls: [listing('https://hcpf.colorado.gov/', PAGE_NOTE)],
    docs: [{ title: 'HCPF termination list workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'ky',
    read: true,
    publisher: 'Kentucky Cabinet for Health and Family Services, Department for Medicaid Services',
    title: 'Kentucky Medicaid terminated and excluded providers',
    // The page links Documents/KYMedicaidTerminationList.xlsx.
    urls: [listing('https://www.chfs.ky.gov/agencies/dms/dpi/pe/Pages/terminated.aspx', PAGE_NOTE)],
    docs: [{ title: 'KY DMS terminations and exclusions workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'la',
    read: false,
    publisher: 'Louisiana Department of Health',
    title: 'Louisiana Medicaid adverse actions list',
    urls: [{ url: 'https://adverseactions.dhh.la.gov/SelSearch/GetCsv', kind: 'file', note: 'CSV export.' }],
    docs: [{ title: 'LDH adverse actions CSV export', match: /\.csv$|^GetCsv$/i }],
  },
  {
    st: 'ma',
    read: false,
    publisher: 'MassHealth (Executive Office of Health and Human Services)',
    title: 'MassHealth suspended or excluded providers',
    urls: [
      listing('https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers', PAGE_NOTE),
    ],
    docs: [{ title: 'MassHealth exclusions workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'ms',
    read: false,
    publisher: 'Mississippi Division of Medicaid',
    title: 'Mississippi Medicaid sanctioned providers list',
    urls: [listing('https://medicaid.ms.gov/', PAGE_NOTE)],
    docs: [{ title: 'Sanctioned providers workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'mt',
    read: false,
    publisher: 'Montana Department of Public Health and Human Services (DPHHS)',
    title: 'Montana Medicaid terminated and excluded providers',
    urls: [listing('https://medicaidprovider.mt.gov/', PAGE_NOTE)],
    docs: [{ title: 'Terminated/excluded providers workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'nj',
    read: true,
    publisher: 'State of New Jersey (Medicaid exclusion list; Department of the Treasury debarment report)',
    title: 'New Jersey Medicaid exclusion list and consolidated debarment report',
    urls: [
      listing('https://www.nj.gov/comptroller/', PAGE_NOTE),
      {
        url: 'https://www.state.nj.us/treasury/treasfiles/debarment/Debarment.txt',
        kind: 'file',
        note: 'Treasury consolidated debarment report (tab-delimited, no header).',
      },
    ],
    docs: [
      { title: 'New Jersey Medicaid exclusion list (CSV)', match: /\.csv$/i },
      { title: 'NJ Treasury consolidated debarment report', match: /^Debarment\.txt$/i },
    ],
  },
  {
    st: 'ny',
    read: true,
    publisher: 'New York State Office of the Medicaid Inspector General (OMIG)',
    title: 'New York OMIG Medicaid exclusion list',
    urls: [listing('https://omig.ny.gov/medicaid-fraud/medicaid-exclusions', PAGE_NOTE)],
    docs: [{ title: 'OMIG exclusion list (tab-delimited text)', match: /\.txt$/i }],
  },
  {
    st: 'oh',
    read: false,
    publisher: 'Ohio Department of Medicaid',
    title: 'Ohio Medicaid exclusion and suspension list',
    urls: [listing('https://medicaid.ohio.gov/', PAGE_NOTE)],
    docs: [{ title: 'Exclusion/suspension list workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'pa',
    read: true,
    publisher: 'Pennsylvania Department of Human Services',
    title: 'Pennsylvania Medicheck precluded providers list',
    // The list is an export (humanservices.state.pa.us/Medchk/...) whose link carries no file
    // name, so the document pattern does not choose it: the page is archived, the list is not followed.
    urls: [listing('https://www.pa.gov/en/agencies/dhs/report-fraud/medicheck-list.html', PAGE_NOTE)],
    docs: [{ title: 'Medicheck precluded providers list', match: /\.(csv|txt)$/i }],
  },
  {
    st: 'sc',
    read: false,
    publisher: 'South Carolina Department of Health and Human Services (SCDHHS)',
    title: 'South Carolina list of sanctioned individuals and entities',
    urls: [listing('https://www.scdhhs.gov/', PAGE_NOTE)],
    docs: [{ title: 'Sanctioned individuals/entities workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'tn',
    read: false,
    publisher: 'TennCare (Tennessee Division of TennCare)',
    title: 'TennCare terminated provider list',
    urls: [listing('https://www.tn.gov/tenncare/', PAGE_NOTE)],
    docs: [{ title: 'Terminated provider list (PDF)', match: /\.pdf$/i }],
  },
  {
    st: 'vt',
    read: false,
    publisher: 'Vermont Department of Vermont Health Access (DVHA)',
    title: 'Vermont Medicaid for-cause exclusions',
    urls: [listing('https://dvha.vermont.gov/', PAGE_NOTE)],
    docs: [{ title: 'Monthly for-cause exclusions workbook', match: /\.xlsx$/i }],
  },
  {
    st: 'wa',
    read: false,
    publisher: 'Washington State Health Care Authority (HCA)',
    title: 'Washington provider termination and exclusion list',
    urls: [listing('https://www.hca.wa.gov/', PAGE_NOTE)],
    docs: [{ title: 'Termination and exclusion list workbook', match: /\.xlsx$/i }],
  },
];

/** The doc id prefix of a state's list (`stx_ny:1`). */
export const stateDocPrefix = (st: string) => `stx_${st.toLowerCase()}`;

function declare(l: StateList): SourceDecl {
  return {
    sourceId: `state_exclusions_${l.st}`,
    title: l.title,
    publisher: l.publisher,
    license: { name: 'State government public record' },
    thirdPartyLicensedDescriptors: false,
    // A list no layout reads yet is archived on import only: no schedule, so it never turns the
    // status page red for being "never loaded"; coverage reports it as archived, not loaded.
    cadence: l.read
      ? { cadence: 'monthly' }
      : {
          cadence: 'exempt',
          reason: 'Archived on import only: no layout reads this list yet, so it is not fetched on a schedule.',
        },
    accuracyClass: 'authoritative',
    registeredOn: '2026-01-01',
    urls: l.urls,
    docs: l.docs.map((d, i) => ({ ...d, docId: `${stateDocPrefix(l.st)}:${i + 1}` })),
    versionMethod: 'none',
    readVersion: () => NO_READING,
  };
}

/** Every state list, in state order. */
export const STATE_EXCLUSION_SOURCES: readonly SourceDecl[] = LISTS.map(declare);
