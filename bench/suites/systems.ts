import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { returnParser } from '../../shared/datasets/irs_990_efile/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Schedule J persons and Part VII-like filler groups in the large return (`BENCH_990_PERSONS`). */
const PERSONS = Number(process.env.BENCH_990_PERSONS ?? 2_000);
/** Filers of the system and fiscal years each (`BENCH_990_FILERS`, `BENCH_990_YEARS`): returns archived and loaded. */
const FILERS = Number(process.env.BENCH_990_FILERS ?? 6);
const YEARS = Number(process.env.BENCH_990_YEARS ?? 8);
const SAMPLES = 40;
const ein = (i: number) => String(369_950_000 + i);

/** A 2013+ schema return in the IRS layout: the summary, Schedule H, `persons` Schedule J persons and as many filler groups. */
function returnXml(e: string, year: number, persons: number): Buffer {
  const parts: string[] = [
    `<?xml version="1.0" encoding="utf-8"?>\n<Return xmlns="http://www.irs.gov/efile" returnVersion="2022v5.0">`,
    `<ReturnHeader><ReturnTs>${year + 1}-05-10T10:00:00-05:00</ReturnTs><TaxPeriodEndDt>${year}-06-30</TaxPeriodEndDt><ReturnTypeCd>990</ReturnTypeCd><TaxPeriodBeginDt>${year - 1}-07-01</TaxPeriodBeginDt><Filer><EIN>${e}</EIN><BusinessName><BusinessNameLine1Txt>BENCH HEALTH ${e}</BusinessNameLine1Txt></BusinessName></Filer><TaxYr>${year - 1}</TaxYr></ReturnHeader>`,
    `<ReturnData><IRS990><TotalEmployeeCnt>${12000 + year}</TotalEmployeeCnt><CYTotalRevenueAmt>${4e9 + year}</CYTotalRevenueAmt><CYTotalExpensesAmt>${3.9e9}</CYTotalExpensesAmt><TotalAssetsEOYAmt>6000000000</TotalAssetsEOYAmt><TotalLiabilitiesEOYAmt>2000000000</TotalLiabilitiesEOYAmt><NetAssetsOrFundBalancesEOYAmt>4000000000</NetAssetsOrFundBalancesEOYAmt>`,
  ];
  for (let i = 0; i < persons; i++)
    parts.push(
      `<Form990PartVIISectionAGrp><PersonNm>PERSON ${i}</PersonNm><TitleTxt>DIRECTOR</TitleTxt><AverageHoursPerWeekRt>40.00</AverageHoursPerWeekRt><ReportableCompFromOrgAmt>${200000 + i}</ReportableCompFromOrgAmt></Form990PartVIISectionAGrp>`,
    );
  parts.push(
    '</IRS990><IRS990ScheduleH><FinancialAssistanceAtCostTyp><TotalCommunityBenefitExpnsAmt>50000000</TotalCommunityBenefitExpnsAmt><NetCommunityBenefitExpnsAmt>49000000</NetCommunityBenefitExpnsAmt></FinancialAssistanceAtCostTyp></IRS990ScheduleH><IRS990ScheduleJ>',
  );
  for (let i = 0; i < persons; i++)
    parts.push(
      `<RltdOrgOfficerTrstKeyEmplGrp><PersonNm>PERSON ${i}</PersonNm><TitleTxt>VICE PRESIDENT</TitleTxt><BaseCompensationFilingOrgAmt>${300000 + i}</BaseCompensationFilingOrgAmt><BonusFilingOrganizationAmount>50000</BonusFilingOrganizationAmount><OtherCompensationFilingOrgAmt>1000</OtherCompensationFilingOrgAmt><DeferredCompensationFlngOrgAmt>2000</DeferredCompensationFlngOrgAmt><NontaxableBenefitsFilingOrgAmt>3000</NontaxableBenefitsFilingOrgAmt><TotalCompensationFilingOrgAmt>${356000 + i}</TotalCompensationFilingOrgAmt></RltdOrgOfficerTrstKeyEmplGrp>`,
    );
  parts.push('</IRS990ScheduleJ></ReturnData></Return>\n');
  return Buffer.from(parts.join('\n'));
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Form 990 returns (irs_990_efile): the streaming parser on one large return (PERSONS Schedule J
 * persons, about the size of the largest hospital systems' returns), then FILERS x YEARS returns
 * of one system archived and loaded, and the p99 of GET /systems/{id}/financials (its main read:
 * every return of the filers in force looked up by EIN, the amendment choice) and /executives.
 */
export const suite: BenchSuite = {
  name: 'systems',
  timeoutMs: 10 * 60_000,
  description: `Form 990 returns: parser MB/s and peak RSS on a return of ${PERSONS} Schedule J persons; p99 of /systems/{id}/financials over ${FILERS * YEARS} returns`,
  async run(log): Promise<BenchRow[]> {
    const big = returnXml(ein(0), 2023, PERSONS);
    const rssBefore = vmKib('VmRSS');
    let t = performance.now();
    let persons = 0;
    for await (const r of returnParser.parse(big)) persons = r.schedule_j?.length ?? 0;
    const parseS = (performance.now() - t) / 1000;
    const parsePeak = vmKib('VmHWM');
    log(`large return: ${(big.length / 1e6).toFixed(1)} MB, ${persons} persons in ${parseS.toFixed(2)} s`);
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-07-06T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const archive = new Archive(h.deps);
      const systems = [
        {
          system_id: 'HSI00000101',
          system_name: 'Bench Health',
          ownership: 'nonprofit',
          filers: Array.from({ length: FILERS }, (_, i) => ({
            ein: ein(i),
            name: `BENCH HEALTH ${i}`,
            role: i ? 'hospital' : 'parent',
            citations: [{ title: 'bench', url: 'https://example.org/bench' }],
          })),
          sec: null,
          citations: [{ title: 'bench', url: 'https://example.org/bench' }],
        },
      ];
      await archive.ingest({
        sourceId: 'irs_990_efile',
        name: 'irs990-system-filers-2020-01-01.json',
        body: Buffer.from(JSON.stringify({ systems })),
        publisherVersion: '2020-01-01',
        effectiveFrom: '2020-01-01',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2020-01-01T06:00:00Z'),
      });
      let n = 0;
      t = performance.now();
      for (let f = 0; f < FILERS; f++)
        for (let y = 0; y < YEARS; y++) {
          n++;
          await archive.ingest({
            sourceId: 'irs_990_efile',
            name: `2024${String(n).padStart(14, '0')}_public.xml`,
            body: returnXml(ein(f), 2024 - y, 25),
            effectiveTo: null,
            origin: 'backfill',
            observedAt: new Date('2025-06-01T06:00:00Z'),
          });
        }
      await syncCatalog(h.deps);
      const loadS = (performance.now() - t) / 1000;
      log(`${n} returns archived and loaded in ${loadS.toFixed(1)} s`);
      const peak = vmKib('VmHWM');
      const key = await createTestKey(h.deps, 'free', []);
      const time = async (path: string) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const s = performance.now();
          const r = await h.request(path, { headers: key.headers });
          ms.push(performance.now() - s);
          if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${(await r.text()).slice(0, 200)}`);
          await r.arrayBuffer();
        }
        return ms.sort((a, b) => a - b);
      };
      const fin = await time('/systems/HSI00000101/financials?as_of=2025-07-06');
      const ex = await time('/systems/HSI00000101/financials/executives?as_of=2025-07-06');
      log(
        `financials p50 ${pct(fin, 50).toFixed(1)} / p99 ${pct(fin, 99).toFixed(1)} ms; executives p99 ${pct(ex, 99).toFixed(1)} ms`,
      );
      return [
        {
          suite: 'systems',
          metric: `returnParser on one ${(big.length / 1e6).toFixed(1)} MB return (${PERSONS} Schedule J persons and as many Part VII groups)`,
          value: big.length / 1e6 / parseS,
          unit: 'MB/s',
          note: `${(PERSONS / parseS).toFixed(0)} persons/s; RSS before ${(rssBefore / 1024).toFixed(0)} MiB, peak ${(parsePeak / 1024).toFixed(0)} MiB (the input buffer included)`,
        },
        {
          suite: 'systems',
          metric: `p99 of GET /systems/{id}/financials (${FILERS} filers x ${YEARS} fiscal years = ${n} returns in force, one version each)`,
          value: pct(fin, 99),
          unit: 'ms',
          note: `p50 ${pct(fin, 50).toFixed(1)} ms; /executives p99 ${pct(ex, 99).toFixed(1)} ms; ${n} returns archived and loaded in ${loadS.toFixed(1)} s; peak RSS ${(peak / 1024).toFixed(0)} MiB`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
