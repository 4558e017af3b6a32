import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { findByLocator } from '../../publishers/common/locator';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { type Entity, fundingClassOf, integrationOf, matchEntity, partiesOf } from '../../rx/employer-classes';
import { mainParser, ownershipParser, scheduleAParser, scheduleCParser } from './parser';

async function all<R extends Located>(parser: PublisherParser<R>, bytes: ByteInput): Promise<R[]> {
  const out: R[] = [];
  for await (const r of parser.parse(bytes)) out.push(r);
  return out;
}
const file = (p: string) => fs.readFileSync(fixturePath('dol_form5500', p));
const OWNERSHIP = fs.readFileSync(path.join(__dirname, 'plan-ownership.json'));

describe('Form 5500 main form', () => {
  it('keeps health plans (welfare code 4A) only, read by header name, EINs as 9 digits, ZIP+4 cut to 5', async () => {
    const rows = await all(mainParser, file('2024-06/f_5500_2023_latest.csv'));
    expect(rows.map((r) => r.plan_key)).toEqual([
      '141234567-501',
      '042345678-501',
      '146543210-501',
      '231112223-501',
      '340987654-501',
      '310555666-501',
      '160333444-501',
      '141234567-502',
    ]);
    expect(rows[0]).toMatchObject({
      ack_id: '20240712101500NAL0004410001001',
      form_year: 2023,
      plan_year_begin: '2023-01-01',
      plan_year_end: '2023-12-31',
      sponsor_name: 'ACME MANUFACTURING CORP',
      state: 'NY',
      zip5: '12203',
      active_participants: 12000,
      welfare_codes: ['4A', '4B', '4D'],
      funding_gen_asset: true,
      funding_insurance: false,
      sch_a_count: 2,
      sch_c_attached: true,
    });
    expect(rows[3]!.zip5).toBe('17101');
    // Locators keep the published record numbers (the skipped 401(k) and dental plans count).
    expect(rows[6]!.locator.record).toBe(9);
    expect(await findByLocator(mainParser, file('2024-06/f_5500_2023_latest.csv'), rows[6]!.locator)).toEqual(rows[6]);
  });

  it('refuses a file without a required column, naming it', async () => {
    const csv = Buffer.from('ACK_ID,PLAN_NAME\r\nX,Y\r\n');
    await expect(all(mainParser, csv)).rejects.toThrow(/missing column "FORM_PLAN_YEAR_BEGIN_DATE"/);
  });
});

describe('Form 5500 Schedules A and C', () => {
  it('reads contracts with their benefit indicators and providers with their compensation', async () => {
    const a = await all(scheduleAParser, file('2024-06/F_SCH_A_2023_latest.csv'));
    expect(a).toHaveLength(7);
    expect(a[0]).toMatchObject({ carrier_name: 'AETNA LIFE INSURANCE COMPANY', stop_loss: true, drug: false });
    expect(a[3]).toMatchObject({
      health: true,
      drug: true,
      ppo: true,
      premium_earned: 21500000,
      persons_covered: 3000,
    });
    const c = await all(scheduleCParser, file('2024-06/F_SCH_C_PART1_ITEM2_2023_latest.csv'));
    expect(c[1]).toMatchObject({
      provider_name: 'CAREMARK PCS HEALTH, L.L.C.',
      provider_ein: '710000008',
      service_codes: ['64', '99'],
      direct_comp: 250000,
      indirect_comp: 50000,
      row_order: 2,
    });
  });
});

describe('ownership table and the classes derived from it', () => {
  it('reads every entity with a cited basis; names normalize across spellings', async () => {
    const entities = (await all(ownershipParser, OWNERSHIP)) as Entity[];
    expect(entities.length).toBeGreaterThan(10);
    const pbm = (name: string) => matchEntity(entities, name, null, 'pbm');
    expect(pbm('CAREMARK PCS HEALTH, L.L.C.')).toMatchObject({
      entity_id: 'caremark',
      matched_by: 'alias:CAREMARK PCS HEALTH',
    });
    expect(pbm('Express Scripts, Inc.')?.entity_id).toBe('express_scripts');
    expect(pbm('OPTUM RX INC')?.entity_id).toBe('optumrx');
    expect(pbm('INGENIORX INC')?.entity_id).toBe('carelonrx');
    expect(pbm('ACME PHARMACY LLC')).toBeNull();
    const carrier = (name: string) => matchEntity(entities, name, null, 'carrier')?.entity_id;
    expect(carrier('BLUE CROSS AND BLUE SHIELD OF TEXAS')).toBe('hcsc');
    expect(carrier('ANTHEM BLUE CROSS')).toBe('anthem');
    expect(carrier('HIGHMARK INC')).toBe('blue_licensee_other');
  });

  it('derives the funding class and the integration class of each fixture plan', async () => {
    const entities = (await all(ownershipParser, OWNERSHIP)) as Entity[];
    const plans = await all(mainParser, file('2024-06/f_5500_2023_latest.csv'));
    const a = await all(scheduleAParser, file('2024-06/F_SCH_A_2023_latest.csv'));
    const c = await all(scheduleCParser, file('2024-06/F_SCH_C_PART1_ITEM2_2023_latest.csv'));
    const got = plans.map((p) => {
      const pa = a.filter((x) => x.ack_id === p.ack_id);
      const parties = partiesOf(
        entities,
        pa,
        c.filter((x) => x.ack_id === p.ack_id),
      );
      return [
        p.sponsor_name.split(' ')[0],
        fundingClassOf(p, pa).cls,
        parties.pbm[0]?.entity_id ?? null,
        integrationOf(entities, parties).cls,
      ];
    });
    expect(got).toEqual([
      ['ACME', 'self_funded_with_stop_loss', 'caremark', 'same_parent'],
      ['BEACON', 'self_funded_only', 'express_scripts', 'different'],
      ['CAPITAL', 'self_funded_with_stop_loss', 'prime_therapeutics', 'blues_affiliated'],
      ['KEYSTONE', 'insured_only', 'optumrx', 'same_parent'],
      ['LAKESHORE', 'self_funded_only', 'navitus', 'unclassified'],
      ['GEM', null, 'carelonrx', 'same_parent'],
      ['FLOWER', 'insured_only', null, 'unclassified'],
      ['ACME', 'insured_only', 'humana_pharmacy_solutions', 'same_parent'],
    ]);
  });

  it('refuses an entity without a citation', async () => {
    const bad = JSON.stringify({ entities: [{ entity_id: 'x', kind: 'pbm', name: 'X', parent: 'X', citations: [] }] });
    await expect(all(ownershipParser, Buffer.from(bad))).rejects.toThrow(/cites its basis/);
  });
});
