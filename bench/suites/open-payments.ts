import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Archive } from '../../shared/archive/ingest';
import { openPaymentsParser } from '../../shared/datasets/cms_open_payments/parser';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { childEnv, loadCatalogInChild } from '../catalog-load-child';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';
import { benchNpi } from './dac';

/**
 * Rows of the generated general payments file (`BENCH_OP_ROWS`), parsed alone and loaded. A real
 * program year is 10–15 M rows (about 6 GB); the default keeps `npm run bench` quick.
 */
const ROWS = Number(process.env.BENCH_OP_ROWS ?? 50_000);
/** V8 old-space cap of the loading child (`BENCH_OP_HEAP_MB`, 0 for none): a load that completes under it is bounded. */
const HEAP_MB = Number(process.env.BENCH_OP_HEAP_MB ?? 128);
/** Distinct physicians paid (a real year pays about 600,000 for 12 M rows: some 20 rows each). */
const RECIPIENTS = Math.max(1, Math.floor(ROWS / 20));
const FILE = 'OP_DTL_GNRL_PGYR2023_P01302025.csv';

/** The 91 columns of the general payments detail file, program year 2021 on, in CMS's order. */
const PRODUCT_COLUMNS = [1, 2, 3, 4, 5].flatMap((i) => [
  `Covered_or_Noncovered_Indicator_${i}`,
  `Indicate_Drug_or_Biological_or_Device_or_Medical_Supply_${i}`,
  `Product_Category_or_Therapeutic_Area_${i}`,
  `Name_of_Drug_or_Biological_or_Device_or_Medical_Supply_${i}`,
  `Associated_Drug_or_Biological_NDC_${i}`,
  `Associated_Device_or_Medical_Supply_PDI_${i}`,
]);
export const OP_GENERAL_HEADER = [
  'Change_Type',
  'Covered_Recipient_Type',
  'Teaching_Hospital_CCN',
  'Teaching_Hospital_ID',
  'Teaching_Hospital_Name',
  'Covered_Recipient_Profile_ID',
  'Covered_Recipient_NPI',
  'Covered_Recipient_First_Name',
  'Covered_Recipient_Middle_Name',
  'Covered_Recipient_Last_Name',
  'Covered_Recipient_Name_Suffix',
  'Recipient_Primary_Business_Street_Address_Line1',
  'Recipient_Primary_Business_Street_Address_Line2',
  'Recipient_City',
  'Recipient_State',
  'Recipient_Zip_Code',
  'Recipient_Country',
  'Recipient_Province',
  'Recipient_Postal_Code',
  ...[1, 2, 3, 4, 5, 6].map((i) => `Covered_Recipient_Primary_Type_${i}`),
  ...[1, 2, 3, 4, 5, 6].map((i) => `Covered_Recipient_Specialty_${i}`),
  ...[1, 2, 3, 4, 5].map((i) => `Covered_Recipient_License_State_code${i}`),
  'Submitting_Applicable_Manufacturer_or_Applicable_GPO_Name',
  'Applicable_Manufacturer_or_Applicable_GPO_Making_Payment_ID',
  'Applicable_Manufacturer_or_Applicable_GPO_Making_Payment_Name',
  'Applicable_Manufacturer_or_Applicable_GPO_Making_Payment_State',
  'Applicable_Manufacturer_or_Applicable_GPO_Making_Payment_Country',
  'Total_Amount_of_Payment_USDollars',
  'Date_of_Payment',
  'Number_of_Payments_Included_in_Total_Amount',
  'Form_of_Payment_or_Transfer_of_Value',
  'Nature_of_Payment_or_Transfer_of_Value',
  'City_of_Travel',
  'State_of_Travel',
  'Country_of_Travel',
  'Physician_Ownership_Indicator',
  'Third_Party_Payment_Recipient_Indicator',
  'Name_of_Third_Party_Entity_Receiving_Payment_or_Transfer_of_Value',
  'Charity_Indicator',
  'Third_Party_Equals_Covered_Recipient_Indicator',
  'Contextual_Information',
  'Delay_in_Publication_Indicator',
  'Record_ID',
  'Dispute_Status_for_Publication',
  'Related_Product_Indicator',
  ...PRODUCT_COLUMNS,
  'Program_Year',
  'Payment_Publication_Date',
];

const PAYERS = [
  ['100000005001', 'QUARTZFIELD PHARMACEUTICALS INC.', 'NJ'],
  ['100000005002', 'BELLWETHER DEVICES LLC', 'MN'],
  ['100000005003', 'HARBORLIGHT BIOLOGICS, INC.', 'MA'],
  ['100000005004', 'NORTHSTAR ORTHOPEDICS CORP', 'IN'],
];
const NATURES = [
  ['Food and Beverage', 'In-kind items and services', 24.75],
  ['Food and Beverage', 'In-kind items and services', 18.2],
  ['Consulting Fee', 'Cash or cash equivalent', 2500],
  ['Travel and Lodging', 'In-kind items and services', 612.4],
  [
    'Compensation for services other than consulting, including serving as faculty or as a speaker at a venue other than a continuing education program',
    'Cash or cash equivalent',
    3000,
  ],
  ['Education', 'In-kind items and services', 95],
] as const;
const STATES = ['PA', 'MA', 'OH', 'TX', 'CA', 'NY', 'IL', 'FL'];
const q = (s: string | number) => `"${s}"`;

/** Row `r`: physician r mod RECIPIENTS (one row in 50 a teaching hospital, no NPI), every field quoted as CMS does. */
export function generalPaymentLine(r: number): string {
  const i = r % RECIPIENTS;
  const hospital = r % 50 === 49;
  const [payerId, payer, payerState] = PAYERS[r % PAYERS.length]!;
  const [nature, form, base] = NATURES[r % NATURES.length]!;
  const st = STATES[i % STATES.length]!;
  const month = String((r % 12) + 1).padStart(2, '0');
  const day = String((r % 28) + 1).padStart(2, '0');
  const product = [
    'Covered',
    'Drug',
    'CARDIOLOGY',
    `QUARTZIMAB ${r % 7}`,
    `7000${r % 7}-0101-01`,
    '',
    ...Array(24).fill(''),
  ];
  const cells = [
    r % 9 === 0 ? 'CHANGED' : 'UNCHANGED',
    hospital ? 'Covered Recipient Teaching Hospital' : 'Covered Recipient Physician',
    hospital ? String(390_000 + (i % 900)) : '',
    hospital ? String(5000 + (i % 900)) : '',
    hospital ? `BENCH TEACHING HOSPITAL ${i % 900}` : '',
    hospital ? '' : String(9_000_000 + i),
    hospital ? '' : benchNpi(i),
    hospital ? '' : `FIRST${i}`,
    '',
    hospital ? '' : `LAST${i}`,
    '',
    `${(i % 9000) + 1} MAIN ST`,
    i % 3 === 0 ? `SUITE ${i % 400}` : '',
    'COLUMBUS',
    st,
    `43214-${String(i % 10_000).padStart(4, '0')}`,
    'United States',
    '',
    '',
    hospital ? '' : 'Medical Doctor',
    '',
    '',
    '',
    '',
    '',
    hospital ? '' : 'Allopathic & Osteopathic Physicians|Internal Medicine|Cardiovascular Disease',
    '',
    '',
    '',
    '',
    '',
    hospital ? '' : st,
    '',
    '',
    '',
    '',
    payer,
    payerId,
    payer,
    payerState,
    'United States',
    (base + (r % 100) / 4).toFixed(2),
    `${month}/${day}/2023`,
    '1',
    form,
    nature,
    nature.startsWith('Travel') ? 'CHICAGO' : '',
    nature.startsWith('Travel') ? 'IL' : '',
    nature.startsWith('Travel') ? 'United States' : '',
    'No',
    'No Third Party Payment',
    '',
    'No',
    '',
    '',
    'No',
    String(1_000_000_000 + r),
    'No',
    'Yes',
    ...product,
    '2023',
    '01/30/2025',
  ];
  return cells.map(q).join(',');
}

/** The generated file, streamed in chunks of 2,000 lines (never whole in memory). */
function stream(n: number): Readable {
  return Readable.from(
    (function* () {
      yield `${OP_GENERAL_HEADER.join(',')}\n`;
      for (let r = 0; r < n; r += 2000) {
        const lines: string[] = [];
        for (let k = r; k < Math.min(n, r + 2000); k++) lines.push(generalPaymentLine(k));
        yield `${lines.join('\n')}\n`;
      }
    })(),
  );
}

/**
 * The catalog's largest file by rows, the Open Payments general payments detail file (10–15 M rows,
 * about 6 GB, a program year): ROWS generated rows in CMS's 91-column layout (every field quoted,
 * one row in 50 a teaching hospital without NPI, some 20 payments a physician), the parser alone
 * over the streamed file (rows/s, its process's peak RSS growth), then the file archived and loaded
 * by syncCatalog in a child bundled as the Lambdas are under a capped heap (rows/s, peak RSS). Run
 * it at two sizes to see the peak flat with size.
 */
export const suite: BenchSuite = {
  name: 'open-payments',
  timeoutMs: Math.max(5 * 60_000, ROWS * 10),
  description: `Open Payments general payments: parse ${ROWS.toLocaleString('en-US')} generated rows (rows/s, RSS growth), load them into DynamoDB in a child (rows/s, peak RSS)`,
  async run(log): Promise<BenchRow[]> {
    const rssBefore = vmKib('VmHWM');
    const t = performance.now();
    let parsed = 0;
    for await (const _ of openPaymentsParser.parse(stream(ROWS))) parsed++;
    const parseRate = ROWS / ((performance.now() - t) / 1000);
    const parseGrowth = (vmKib('VmHWM') - rssBefore) / 1024;
    log(
      `parser: ${ROWS} rows (${parsed} NPI records) at ${parseRate.toFixed(0)} rows/s; peak RSS of this process grew ${parseGrowth.toFixed(0)} MiB`,
    );

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-op-'));
    const engines = await startEngines();
    const env = childEnv(engines, dir, 'op');
    const h = await startHarness({ engines, clock: { now: () => new Date('2025-05-01T12:00:00.000Z') }, env });
    try {
      const file = path.join(dir, FILE);
      await pipeline(stream(ROWS), fs.createWriteStream(file));
      const mb = fs.statSync(file).size / 1e6;
      await new Archive(h.deps).ingest({
        sourceId: 'cms_open_payments',
        name: FILE,
        body: () => fs.createReadStream(file),
        publisherVersion: 'PY2023 P2025-01-30',
        effectiveFrom: '2025-01-30',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2025-01-30T06:00:00Z'),
      });
      const child = await loadCatalogInChild(dir, env, HEAP_MB, Math.max(20 * 60_000, ROWS * 10));
      const s = child.result.ms / 1000;
      const rate = ROWS / s;
      const peak = Math.max(child.result.peakKib, child.sampledPeakKib);
      log(
        `load (child, heap cap ${HEAP_MB || 'none'} MB): ${ROWS} rows (${mb.toFixed(0)} MB) in ${s.toFixed(1)} s = ${rate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (${(child.result.baselineKib / 1024).toFixed(0)} after start-up); load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      const n = ROWS.toLocaleString('en-US');
      return [
        {
          suite: 'open-payments',
          metric: `catalog load rows/s, general payments file of ${n} rows (${mb.toFixed(0)} MB) into DynamoDB (child process)`,
          value: rate,
          unit: 'rows/s',
          reference: { name: 'openPaymentsParser alone', value: parseRate, unit: 'rows/s' },
          ratio: rate / parseRate,
          note: `parser over the same ${n} streamed rows; its process's peak RSS grew ${parseGrowth.toFixed(0)} MiB`,
        },
        {
          suite: 'open-payments',
          metric: `peak RSS of the loading child (${n} general payments rows, V8 heap capped at ${HEAP_MB || 'no'} MB)`,
          value: peak / 1024,
          unit: 'MiB',
          target: HEAP_MB ? `completes under a ${HEAP_MB} MB heap` : undefined,
          met: HEAP_MB ? true : undefined,
          note: `${(child.result.baselineKib / 1024).toFixed(0)} MiB after start-up`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
