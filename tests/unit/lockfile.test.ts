import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * `npm ci` (CI's first step) rejects a lock that lacks an entry for any optional dependency a
 * locked package declares, even one for another platform. This registry mirror does not serve
 * other platforms' native packages, so `npm install` drops them; `npm run lock:platforms` puts
 * them back. This test fails before CI would.
 */
describe('package-lock.json', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package-lock.json'), 'utf8')) as {
    packages: Record<string, { optionalDependencies?: Record<string, string>; os?: string[]; cpu?: string[] }>;
  };

  it('has an entry for every optional dependency of every locked package (run `npm run lock:platforms`)', () => {
    const missing: string[] = [];
    for (const [at, meta] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(meta.optionalDependencies ?? {})) {
        if (!lock.packages[`node_modules/${dep}`] && !lock.packages[`${at}/node_modules/${dep}`])
          missing.push(`${dep} (optional dependency of ${at || 'the root'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('marks every platform-only entry with the platform it is built for', () => {
    const biome = Object.keys(lock.packages).filter((k) => k.startsWith('node_modules/@biomejs/cli-'));
    expect(biome.length).toBeGreaterThanOrEqual(8);
    for (const k of biome) expect(lock.packages[k]).toMatchObject({ os: expect.any(Array), cpu: expect.any(Array) });
  });
});
