import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { findByLocator } from '../../publishers/common/locator';
import type { PurpleBookRow } from '../../rx/purple-book-rows';
import { purpleBookParser } from './parser';
import { readPurpleBookVersion } from './source';

async function all(bytes: Buffer): Promise<PurpleBookRow[]> {
  const out: PurpleBookRow[] = [];
  for await (const r of purpleBookParser.parse(bytes)) out.push(r);
  return out;
}
const JAN = 'purplebook-search-january-2025-data-download.csv';

describe('Purple Book monthly extract', () => {
  it('reads only the Database Extract section, with BLA kind, molecule and suffix', async () => {
    const bytes = fs.readFileSync(fixturePath('fda_purple_book', JAN));
    const rows = await all(bytes);
    expect(rows).toHaveLength(18);
    // The changes section's WEZLANA row (U) is not read twice.
    expect(rows.filter((r) => r.proprietary_name === 'WEZLANA')).toHaveLength(2);
    expect(rows.find((r) => r.proprietary_name === 'INFLECTRA')).toMatchObject({
      bla_number: '125911',
      proper_name: 'infliximab-dyyb',
      molecule: 'infliximab',
      suffix: 'dyyb',
      pathway: '351(k)',
      kind: 'biosimilar',
      approval_date: '2016-04-05',
      ref_product_proper_name: 'infliximab',
      ref_product_proprietary_name: 'REMICADE',
    });
    expect(rows.find((r) => r.proprietary_name === 'SEMGLEE')).toMatchObject({
      molecule: 'insulin glargine',
      kind: 'interchangeable',
      first_interchangeable_exclusivity_exp_date: null,
    });
    expect(rows.find((r) => r.proprietary_name === 'REMICADE')).toMatchObject({ kind: 'reference', suffix: null });
    expect(await findByLocator(purpleBookParser, bytes, rows[4]!.locator)).toEqual(rows[4]);
    expect(readPurpleBookVersion({ name: JAN, parents: [], head: bytes })).toMatchObject({
      publisherVersion: '2025-01',
      method: 'file_name',
    });
  });

  it('refuses a file without the Database Extract section (the changes section alone is not the database)', async () => {
    const head = fs.readFileSync(fixturePath('fda_purple_book', JAN), 'utf8').split('Purple Book Database Extract')[0]!;
    await expect(all(Buffer.from(head))).rejects.toThrow(/Database Extract/);
  });
});
