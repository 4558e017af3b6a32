import * as fs from 'node:fs';
import * as path from 'node:path';

/** Real publisher samples live beside the repository (never copied in); see their PROVENANCE.md. */
export const SAMPLES_DIR = path.resolve(__dirname, '../../../shared/data/publisher');
export const RFC8785_DIR = path.resolve(__dirname, '../../../shared/data/rfc8785');

/**
 * Set to `1` to let a local run pass without the real samples: the conformance suites then say
 * they were skipped. Unset (as in CI), a missing sample folder fails the run: the conformance
 * checks on real publisher files are never silently optional.
 */
export const ALLOW_MISSING_SAMPLES = process.env.ALLOW_MISSING_SAMPLES === '1';

/**
 * A describe block over real samples. When the folder is missing, one test registers that: it
 * fails, naming the folder, unless ALLOW_MISSING_SAMPLES=1, when it passes with a console line
 * saying the conformance checks were skipped. A skip is never silent.
 */
export function describeWithSamples(name: string, dir: string, fn: () => void): void {
  if (fs.existsSync(dir)) {
    describe(name, fn);
    return;
  }
  describe(name, () => {
    if (ALLOW_MISSING_SAMPLES) {
      it(`SKIPPED (ALLOW_MISSING_SAMPLES=1): ${dir} is not present, so these conformance checks did not run`, () => {
        console.warn(`[conformance] ${name}: skipped, ${dir} not present (ALLOW_MISSING_SAMPLES=1)`);
      });
      return;
    }
    it(`needs the real samples at ${dir} (set ALLOW_MISSING_SAMPLES=1 to skip them on a local run)`, () => {
      throw new Error(`${dir} is missing: the conformance checks on real publisher files must run`);
    });
  });
}

export function samplePath(...parts: string[]): string {
  return path.join(SAMPLES_DIR, ...parts);
}
