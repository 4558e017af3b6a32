import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { labelParser } from '../../shared/datasets/nlm_dailymed_spl/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { buildZip } from '../../tests/helpers/zip-writer';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Labels in the parsed bundle (`BENCH_DAILYMED_LABELS`). */
const LABELS = Number(process.env.BENCH_DAILYMED_LABELS ?? 2_000);
/** Labels in the bundle loaded into DynamoDB (`BENCH_DAILYMED_LOAD_LABELS`): small, the load is dynalite-bound. */
const LOAD_LABELS = Number(process.env.BENCH_DAILYMED_LOAD_LABELS ?? 200);
const SAMPLES = 100;
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa', 'theta', 'zeta', 'lambda'];
const L = '2.16.840.1.113883.6.1';

const uuid = (i: number, tag: string) =>
  `${tag}${String(i).padStart(7, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`;
const paragraphs = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, k) =>
      `<paragraph>${WORDS[(seed + k) % 10]} ${'patients should be monitored for adverse reactions and the dose adjusted as clinically indicated. '.repeat(3)}</paragraph>`,
  ).join('');
const section = (code: string, title: string, body: string) =>
  `<component><section><id root="${code}"/><code code="${code}" codeSystem="${L}"/><title>${title}</title><text>${body}</text></section></component>`;

/** One label SPL of about 12 KB: the four key sections (a boxed warning on every third), two other sections, one product. */
function label(i: number): string {
  const set = uuid(i, 'a');
  const name = `${WORDS[i % 10]}${WORDS[(i >> 3) % 10]} ${i}`;
  const unii = `U${String(i).padStart(9, '0')}`;
  const ndc = `7${String(i % 10_000).padStart(4, '0')}-${String(i % 1000).padStart(3, '0')}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<document xmlns="urn:hl7-org:v3"><id root="${uuid(i, 'd')}"/><code code="34391-3" codeSystem="${L}" displayName="HUMAN PRESCRIPTION DRUG LABEL"/>
<title>${name.toUpperCase()} tablets</title><effectiveTime value="20250115"/><setId root="${set}"/><versionNumber value="${1 + (i % 7)}"/>
<author><time/><assignedEntity><representedOrganization><id extension="${String(i).padStart(9, '0')}" root="1.3.6.1.4.1.519.1"/><name>Labeler ${WORDS[i % 10]} Inc.</name></representedOrganization></assignedEntity></author>
<component><structuredBody>
<component><section><id root="l${i}"/><code code="48780-1" codeSystem="${L}"/><subject><manufacturedProduct><manufacturedProduct>
<code code="${ndc}" codeSystem="2.16.840.1.113883.6.69"/><name>${name}</name><formCode code="C42998" codeSystem="2.16.840.1.113883.3.26.1.1" displayName="TABLET"/>
<asEntityWithGeneric><genericMedicine><name>${name}</name></genericMedicine></asEntityWithGeneric>
<ingredient classCode="ACTIB"><quantity><numerator value="10" unit="mg"/><denominator value="1" unit="1"/></quantity><ingredientSubstance><code code="${unii}" codeSystem="2.16.840.1.113883.4.9"/><name>${name.toUpperCase()}</name></ingredientSubstance></ingredient>
<ingredient classCode="IACT"><ingredientSubstance><code code="70097M6I30" codeSystem="2.16.840.1.113883.4.9"/><name>MAGNESIUM STEARATE</name></ingredientSubstance></ingredient>
<asContent><containerPackagedProduct><code code="${ndc}-30" codeSystem="2.16.840.1.113883.6.69"/></containerPackagedProduct></asContent>
<asContent><containerPackagedProduct><code code="${ndc}-90" codeSystem="2.16.840.1.113883.6.69"/></containerPackagedProduct></asContent>
</manufacturedProduct></manufacturedProduct></subject></section></component>
${i % 3 === 0 ? section('34066-1', 'WARNING', paragraphs(2, i)) : ''}
${section('34067-9', '1 INDICATIONS AND USAGE', paragraphs(4, i))}
${section('34068-7', '2 DOSAGE AND ADMINISTRATION', paragraphs(6, i))}
${i % 4 === 0 ? '' : section('34070-3', '4 CONTRAINDICATIONS', paragraphs(2, i))}
${section('34071-1', '5 WARNINGS AND PRECAUTIONS', paragraphs(8, i))}
${section('34084-4', '6 ADVERSE REACTIONS', paragraphs(8, i))}
</structuredBody></component></document>
`;
}

/** A full release part of n labels: one zip per label under `prescription/`, each with its XML and an image. */
function bundle(n: number): { zip: Buffer; xmlBytes: number } {
  let xmlBytes = 0;
  const members = Array.from({ length: n }, (_, i) => {
    const xml = label(i);
    xmlBytes += xml.length;
    return {
      name: `prescription/20250115_${uuid(i, 'a')}.zip`,
      data: buildZip([
        { name: `${uuid(i, 'd')}.xml`, data: xml },
        { name: 'carton.jpg', data: Buffer.alloc(2048, i % 251), deflate: false },
      ]),
      deflate: false,
    };
  });
  return { zip: buildZip(members), xmlBytes };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * DailyMed SPL: a full release part of LABELS labels (zip of per-label zips) parsed as the loader
 * reads it (spooled to disk, inner zips one at a time, XML streamed), with rows/s and the process's
 * peak RSS; then a part of LOAD_LABELS labels archived and loaded into the embedded DynamoDB and the
 * p99 of /rx/labels (its main list read: the label summaries read whole, filtered by name, paged).
 */
export const suite: BenchSuite = {
  name: 'dailymed',
  timeoutMs: 20 * 60_000,
  description: `DailyMed SPL bundle (${LABELS.toLocaleString('en-US')} labels): parse rows/s and peak RSS; p99 of /rx/labels over a loaded bundle of ${LOAD_LABELS} labels`,
  async run(log): Promise<BenchRow[]> {
    const big = bundle(LABELS);
    const before = vmKib('VmHWM');
    let t = performance.now();
    let rows = 0;
    for await (const _ of labelParser.parse(big.zip)) rows++;
    const parseS = (performance.now() - t) / 1000;
    const rate = rows / parseS;
    const peak = vmKib('VmHWM');
    log(
      `${rows} labels (${(big.zip.length / 1024 ** 2).toFixed(1)} MiB bundle, ${(big.xmlBytes / 1024 ** 2).toFixed(1)} MiB of XML) in ${parseS.toFixed(1)} s: ${rate.toFixed(0)} labels/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (${(before / 1024).toFixed(0)} before, the bundle held)`,
    );
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-06-10T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const small = bundle(LOAD_LABELS);
      await new Archive(h.deps).ingest({
        sourceId: 'nlm_dailymed_spl',
        name: 'dm_spl_release_human_rx_part1.zip',
        body: small.zip,
        effectiveFrom: '2025-06-02',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2025-06-02T12:00:00Z'),
      });
      t = performance.now();
      await syncCatalog(h.deps);
      const loadS = (performance.now() - t) / 1000;
      log(`load of ${LOAD_LABELS} labels in ${loadS.toFixed(1)} s`);
      const key = await createTestKey(h.deps, 'free', []);
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const s = performance.now();
        const r = await h.request(`/rx/labels?as_of=2025-06-10&limit=25&name=${WORDS[i % 10]}`, {
          headers: key.headers,
        });
        ms.push(performance.now() - s);
        if (r.status !== 200) throw new Error(`GET /rx/labels: ${r.status} ${(await r.text()).slice(0, 200)}`);
        await r.arrayBuffer();
      }
      ms.sort((a, b) => a - b);
      log(`/rx/labels p50 ${pct(ms, 50).toFixed(1)} / p99 ${pct(ms, 99).toFixed(1)} ms`);
      return [
        {
          suite: 'dailymed',
          metric: `DailyMed bundle parse (zip of per-label zips, spooled, SPL XML streamed), ${LABELS.toLocaleString('en-US')} labels of about 12 KB`,
          value: rate,
          unit: 'rows/s',
          note: `${(big.zip.length / 1024 ** 2).toFixed(1)} MiB bundle in ${parseS.toFixed(1)} s`,
        },
        {
          suite: 'dailymed',
          metric: 'peak RSS of the bench process parsing that bundle (the generated bundle held in memory)',
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before parsing`,
        },
        {
          suite: 'dailymed',
          metric: `p99 of GET /rx/labels (name search, page of 25), bundle of ${LOAD_LABELS} labels loaded`,
          value: pct(ms, 99),
          unit: 'ms',
          note: `p50 ${pct(ms, 50).toFixed(1)} ms over ${SAMPLES} requests in process; load ${(LOAD_LABELS / loadS).toFixed(0)} labels/s`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
