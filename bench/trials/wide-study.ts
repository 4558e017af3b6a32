import '../../shared/datasets/install';
import type { CatalogVersion } from '../../shared/catalog/timeline';
import { CatalogWriter } from '../../shared/catalog/writer';
import { ctgovStudiesDataset } from '../../shared/datasets/nlm_ctgov/dataset';
import { studyRow } from '../../shared/datasets/nlm_ctgov/parser';
import type { Item, Table } from '../../shared/storage/table';
import type { TrialStudyRow } from '../../shared/trials/study-rows';
import { sampleStudy, studyAt } from './studies';

/**
 * What one study of many sites writes into the catalog (the writer alone, no database): items,
 * token strings carried by search entries and token lists, bytes as JSON, for 5 to 1,000 US sites
 * each in its own city and ZIP, over 40 states. The README's trials rows quote it (before and after the search
 * entries). Run: `node -r @swc-node/register bench/trials/wide-study.ts`.
 */
const STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'Wisconsin',
  'Wyoming',
  'Tennessee',
];
const version = { source_id: 'nlm_ctgov', doc_id: 'ctgov:1', version_id: 7 } as CatalogVersion;

async function main() {
  const template = sampleStudy();
  for (const sites of [5, 50, 200, 500, 1000]) {
    let items = 0;
    let bytes = 0;
    let strings = 0;
    const table = {
      async putMany(xs: Item[]) {
        for (const it of xs) {
          items++;
          bytes += JSON.stringify(it).length;
          strings += Array.isArray(it.tk) ? it.tk.length : 0;
        }
      },
    } as unknown as Table;
    const writer = new CatalogWriter<TrialStudyRow>(table, ctgovStudiesDataset as never, version);
    const study = studyAt(template, 1);
    study.protocolSection.contactsLocationsModule.locations = Array.from({ length: sites }, (_, i) => ({
      facility: `Site ${i}`,
      city: `Town ${i}`,
      state: STATES[i % STATES.length],
      zip: String(10000 + i),
      country: 'United States',
    }));
    await writer.add(studyRow(study, 'bench', { line: 1, record: 1 }, null));
    await writer.flush();
    process.stdout.write(`${sites} sites: ${items} items, ${strings} token strings, ${(bytes / 1000).toFixed(0)} kB\n`);
  }
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
