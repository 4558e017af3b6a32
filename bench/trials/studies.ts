import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Synthetic ClinicalTrials.gov API v2 studies in the real JSON shape: each study is the real
 * sample (../shared/data/publisher/nlm_ctgov/NCT05594173.json, see PROVENANCE.md there) with its
 * identity, status, dates, phases, conditions, sponsor, officials and sites replaced, so every
 * module and nesting the parser meets is the publisher's own. One study in eight keeps the
 * sample's results section (ClinicalTrials.gov: about one registered study in eight has results),
 * the others drop it, as study records without results do. Deterministic: page p is the same bytes
 * every run. A page is `{"studies":[...],"nextPageToken":"..."}`, compact, as the API serves it.
 */
const SAMPLE = path.resolve(__dirname, '../../../shared/data/publisher/nlm_ctgov/NCT05594173.json');

export const PAGE_SIZE = 1000;

const STATUSES: [string, number][] = [
  ['COMPLETED', 0.52],
  ['UNKNOWN', 0.14],
  ['RECRUITING', 0.1],
  ['TERMINATED', 0.06],
  ['NOT_YET_RECRUITING', 0.03],
  ['ACTIVE_NOT_RECRUITING', 0.04],
  ['WITHDRAWN', 0.03],
  ['ENROLLING_BY_INVITATION', 0.01],
  ['SUSPENDED', 0.01],
];
const PHASES = [['NA'], ['PHASE1'], ['PHASE2'], ['PHASE3'], ['PHASE4'], ['PHASE1', 'PHASE2'], ['PHASE2', 'PHASE3'], []];
export const CONDITION_WORDS = [
  'diabetes',
  'obesity',
  'hypertension',
  'asthma',
  'depression',
  'schizophrenia',
  'melanoma',
  'leukemia',
  'lymphoma',
  'stroke',
  'dysphagia',
  'psoriasis',
  'arthritis',
  'osteoporosis',
  'glaucoma',
  'hepatitis',
  'influenza',
  'sepsis',
  'anemia',
  'migraine',
  'epilepsy',
  'autism',
  'insomnia',
  'covid',
  'hiv',
  'tuberculosis',
  'malaria',
  'pneumonia',
];
const CONDITION_TAILS = ['', 'Type 2', 'Chronic', 'Acute', 'Pediatric', 'Refractory', 'Metastatic', 'Severe'];
export const CITIES: [string, string, string][] = [
  ['Boston', 'Massachusetts', '02115'],
  ['New York', 'New York', '10032'],
  ['Houston', 'Texas', '77030'],
  ['Los Angeles', 'California', '90095'],
  ['San Francisco', 'California', '94143'],
  ['Chicago', 'Illinois', '60611'],
  ['Philadelphia', 'Pennsylvania', '19104'],
  ['Baltimore', 'Maryland', '21287'],
  ['Rochester', 'Minnesota', '55905'],
  ['Nashville', 'Tennessee', '37232'],
  ['Seattle', 'Washington', '98109'],
  ['Atlanta', 'Georgia', '30322'],
  ['Durham', 'North Carolina', '27710'],
  ['Ann Arbor', 'Michigan', '48109'],
  ['Cleveland', 'Ohio', '44195'],
  ['Denver', 'Colorado', '80045'],
  ['Miami', 'Florida', '33136'],
  ['Pittsburgh', 'Pennsylvania', '15213'],
  ['Toronto', 'Ontario', 'M5G 2A2'],
  ['Paris', '', '75013'],
  ['Berlin', '', '10117'],
  ['Beijing', '', '100730'],
];
const SPONSORS = Array.from(
  { length: 400 },
  (_, i) => `Sponsor ${['Alpha', 'Beta', 'Gamma', 'Delta', 'Sigma'][i % 5]} Research ${i}`,
);
const FIRST = [
  'James',
  'Mary',
  'Wei',
  'Priya',
  'Carlos',
  'Fatima',
  'John',
  'Elena',
  'Kenji',
  'Amara',
  'David',
  'Sofia',
];
const LAST = ['Smith', 'Garcia', 'Chen', 'Patel', 'Nguyen', 'Okafor', 'Kowalski', 'Rossi', 'Kim', 'Haddad', 'Brown'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the sample study, rewritten field by field
type Obj = Record<string, any>;

const sample = (): Obj => JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as Obj;

/** Study i of the set (0-based), in the sample's shape. */
export function studyAt(template: Obj, i: number): Obj {
  const r = rng(i * 2654435761 + 7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  let u = r();
  let status = STATUSES[0]![0];
  for (const [s, w] of STATUSES) {
    if (u < w) {
      status = s;
      break;
    }
    u -= w;
  }
  const day = (from: number, span: number) =>
    new Date(Date.UTC(from, 0, 1) + Math.floor(r() * span * 365) * 86_400_000).toISOString().slice(0, 10);
  const p = structuredClone(template.protocolSection) as Obj;
  p.identificationModule.nctId = `NCT${String(10_000_000 + i).padStart(8, '0')}`;
  p.identificationModule.briefTitle = `Synthetic study ${i} of ${pick(CONDITION_WORDS)}`;
  p.statusModule.overallStatus = status;
  p.statusModule.lastUpdatePostDateStruct = { date: day(2008, 18), type: 'ACTUAL' };
  p.statusModule.startDateStruct = { date: day(2005, 20).slice(0, r() < 0.3 ? 7 : 10), type: 'ACTUAL' };
  p.designModule.phases = pick(PHASES);
  p.designModule.studyType = p.designModule.phases.length ? 'INTERVENTIONAL' : 'OBSERVATIONAL';
  const conditions = Array.from({ length: 1 + Math.floor(r() * 3) }, () =>
    `${pick(CONDITION_TAILS)} ${pick(CONDITION_WORDS)}`.trim(),
  );
  p.conditionsModule.conditions = conditions;
  p.sponsorCollaboratorsModule.leadSponsor = { name: pick(SPONSORS), class: r() < 0.3 ? 'INDUSTRY' : 'OTHER' };
  const person = () => `${pick(FIRST)} ${pick(LAST)}, MD`;
  const sites = Array.from({ length: Math.floor(r() < 0.1 ? 10 + r() * 40 : 1 + r() * 4) }, () => {
    const [city, state, zip] = pick(CITIES);
    const us = /^\d{5}$/.test(zip);
    return {
      facility: `${city} ${pick(['University Hospital', 'Medical Center', 'Cancer Institute', 'Clinic'])}`,
      status: 'RECRUITING',
      city,
      ...(state ? { state } : {}),
      zip,
      country: us ? 'United States' : pick(['Canada', 'France', 'Germany', 'China']),
      contacts: r() < 0.5 ? [{ name: person(), role: 'PRINCIPAL_INVESTIGATOR' }] : [],
      geoPoint: { lat: 40, lon: -75 },
    };
  });
  p.contactsLocationsModule = {
    overallOfficials: [
      { name: person(), affiliation: sites[0]?.facility ?? 'Sponsor', role: 'PRINCIPAL_INVESTIGATOR' },
    ],
    locations: sites,
  };
  const study: Obj = { protocolSection: p, derivedSection: template.derivedSection, hasResults: false };
  if (i % 8 === 0) {
    study.resultsSection = template.resultsSection;
    study.hasResults = true;
  }
  return study;
}

/** Page `page` (1-based) of a set of `total` studies, as the API's bytes. */
export function pageBytes(page: number, total: number, template: Obj = sample()): Buffer {
  const from = (page - 1) * PAGE_SIZE;
  const to = Math.min(total, from + PAGE_SIZE);
  const studies = [];
  for (let i = from; i < to; i++) studies.push(studyAt(template, i));
  const body: Obj = { studies };
  if (to < total) body.nextPageToken = `synthetic-${page + 1}`;
  return Buffer.from(JSON.stringify(body));
}

export { sample as sampleStudy };

/** Distinct pages the streamed set is made of (bench/suites/trials.ts `streamRuns`); 8 MB each, held in memory. */
export const BASE_PAGES = 8;

/**
 * Page `page` (1-based) of a large set, cheaply: page ((page - 1) mod BASE_PAGES) + 1 of the
 * 8,000-study set (studies NCT10000000-NCT10007999), its NCT numbers moved to the page's cycle
 * (`NCT1` + two cycle digits + `0` + four digits), so every study of up to 100 cycles (800,000
 * studies) has its own NCT number. The studies' other fields repeat every BASE_PAGES pages.
 */
export function cyclePageBytes(page: number, total: number, base: (p: number) => Buffer): Buffer {
  const cycle = Math.floor((page - 1) / BASE_PAGES);
  if (cycle > 99) throw new Error(`page ${page}: at most ${100 * BASE_PAGES} pages`);
  let text = base(((page - 1) % BASE_PAGES) + 1)
    .toString('utf8')
    .replaceAll('"NCT1000', `"NCT1${String(cycle).padStart(2, '0')}0`);
  const last = page * PAGE_SIZE >= total;
  text = text.replace(/,"nextPageToken":"[^"]*"}$/, last ? '}' : `,"nextPageToken":"synthetic-${page + 1}"}`);
  return Buffer.from(text);
}
