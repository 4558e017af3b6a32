import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BoardRow } from '../../providers/licenses/rows';
import { directoryParser } from './parser';

async function all(bytes: Buffer): Promise<BoardRow[]> {
  const out: BoardRow[] = [];
  for await (const r of directoryParser.parse(bytes)) out.push(r);
  return out;
}

const FILE = path.join(__dirname, 'state-board-directory.json');

describe('curated board directory', () => {
  it('reads every entry with the compilation date; each adapter state names its source', async () => {
    const rows = await all(fs.readFileSync(FILE));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.compiled_on === '2026-11-24' && r.lookup_url.startsWith('https://'))).toBe(true);
    for (const st of ['WA', 'CO', 'NY'])
      expect(rows.some((r) => r.state === st && r.bulk_source_id === `state_licenses_${st.toLowerCase()}`)).toBe(true);
    expect(rows.filter((r) => r.state === 'US').map((r) => r.profession)).toContain('nurse');
  });

  it('refuses an entry out of layout', async () => {
    const bad = { compiled_on: '2026-11-24', boards: [{ state: 'Washington', profession: 'all' }] };
    await expect(all(Buffer.from(JSON.stringify(bad)))).rejects.toThrow(/not the directory layout/);
  });
});
