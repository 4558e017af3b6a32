import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { Located, PublisherParser } from '../../publishers/common/types';
import { conceptsParser, linksParser, ndcsParser } from './parser';
import { readRxnormVersion } from './source';

async function all<R extends Located>(p: PublisherParser<R>, bytes: Buffer | string) {
  const out: R[] = [];
  for await (const r of p.parse(bytes)) out.push(r);
  return out;
}
const fx = (release: string, file: string) => fs.readFileSync(fixturePath('nlm_rxnorm', release, file));

describe('RXNCONSO', () => {
  it('reads the RXNORM names by the documented column order, marks ingredient TTYs, keeps the row by column name', async () => {
    const rows = await all(conceptsParser, fx('2025-06-02', 'RXNCONSO.RRF'));
    expect(rows).toHaveLength(33);
    expect(rows[0]).toMatchObject({
      rxcui: '161',
      tty: 'IN',
      str: 'acetaminophen',
      ingredient_tty: 'IN',
      suppress: 'N',
      cvf: '4096',
      sort_name: 'acetaminophen|0000000161',
    });
    expect(rows[0]!.source_row).toMatchObject({ RXCUI: '161', SAB: 'RXNORM', TTY: 'IN', STR: 'acetaminophen' });
    expect(rows.filter((r) => r.ingredient_tty).map((r) => `${r.ingredient_tty} ${r.str}`)).toContain(
      'MIN hydrochlorothiazide / lisinopril',
    );
    expect(rows.find((r) => r.tty === 'SCD')!.ingredient_tty).toBeNull();
    const bytes = fx('2025-06-02', 'RXNCONSO.RRF');
    expect(await findByLocator(conceptsParser, bytes, rows[5]!.locator)).toEqual(rows[5]);
  });

  it('refuses a line with too few fields, naming the line', async () => {
    await expect(
      all(conceptsParser, '161|ENG||||||1|1|161||RXNORM|IN|161|acetaminophen||N|4096|\n161|ENG|IN|\n'),
    ).rejects.toThrow(/line 2/);
  });
});

describe('RXNSAT', () => {
  it('keeps the NDC attributes of SAB RXNORM (11 digits) and skips the others', async () => {
    const rows = await all(ndcsParser, fx('2025-06-02', 'RXNSAT.RRF'));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ ndc11: '00093505698', rxcui: '900101', suppress: 'N' });
    expect(rows.every((r) => /^\d{11}$/.test(r.ndc11))).toBe(true);
  });

  it('refuses an RXNORM NDC that is not 11 digits', async () => {
    await expect(all(ndcsParser, '900101|||1|AUI|900101|AT1||NDC|RXNORM|0093-5056-98|N|4096|\n')).rejects.toThrow(
      /not 11 digits/,
    );
  });
});

describe('RXNREL', () => {
  it('walks each drug to its ingredients (RXCUI2 RELA RXCUI1): SCD, SBD via tradename_of, GPCK via contains, MIN', async () => {
    const rows = await all(linksParser, fx('2025-06-02', 'RXNREL.RRF'));
    const of = (drug: string) =>
      rows
        .filter((r) => r.drug_rxcui === drug)
        .map((r) => `${r.ingredient_rxcui} ${r.via}`)
        .sort();
    expect(of('900101')).toEqual(['259255 has_precise_ingredient', '83367 has_ingredient']);
    // The SBD: its BN (has_ingredient, filtered by TTY on read) and the SCD's ingredients through tradename_of.
    expect(of('900102')).toEqual(['153165 has_ingredient', '259255 has_precise_ingredient', '83367 has_ingredient']);
    expect(of('900501')).toEqual(['214618 has_ingredients', '29046 has_ingredient', '5487 has_ingredient']);
    expect(of('900701')).toEqual(['161 has_ingredient']);
    expect(rows.find((r) => r.drug_rxcui === '900701')!.path).toBe('contains>consists_of>has_ingredient');
    // Components and ingredients are not drugs.
    expect(of('900100')).toEqual([]);
    expect(of('83367')).toEqual([]);
  });
});

describe('release version', () => {
  it('reads the release date from the zip the member came from', () => {
    const head = Buffer.alloc(0);
    expect(
      readRxnormVersion({ name: 'RXNSAT.RRF', parents: ['RxNorm_full_prescribe_07072025.zip'], head }),
    ).toMatchObject({ publisherVersion: '2025-07-07', method: 'file_name' });
    expect(readRxnormVersion({ name: 'RXNSAT.RRF', parents: [], head }).publisherVersion).toBeNull();
  });
});

describeWithSamples('RxNorm real sample', samplePath('nlm_rxnorm'), () => {
  it('reads every line of the real RXNCONSO subset (543 lines, CRLF, UTF-8) and keeps its 156 RXNORM rows', async () => {
    const bytes = fs.readFileSync(samplePath('nlm_rxnorm', 'RXNCONSO.RRF'));
    const rows = await all(conceptsParser, bytes);
    expect(rows).toHaveLength(156);
    expect(rows.every((r) => /^\d+$/.test(r.rxcui) && r.source_row.SAB === 'RXNORM')).toBe(true);
    const apap = rows.find((r) => r.rxcui === '161' && r.tty === 'IN')!;
    expect(apap).toMatchObject({ str: 'acetaminophen', ingredient_tty: 'IN' });
    expect(rows.filter((r) => r.ingredient_tty === 'IN')).toHaveLength(16);
    expect(rows.filter((r) => r.ingredient_tty === 'PIN')).toHaveLength(5);
    expect(await findByLocator(conceptsParser, bytes, apap.locator)).toEqual(apap);
  });
});
