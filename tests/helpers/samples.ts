import * as fs from 'node:fs';
import * as path from 'node:path';

/** Real publisher samples live beside the repository (never copied in); see their PROVENANCE.md. */
export const SAMPLES_DIR = path.resolve(__dirname, '../../../shared/data/publisher');
export const RFC8785_DIR = path.resolve(__dirname, '../../../shared/data/rfc8785');

/**
 * A describe block that runs only when the sample folder exists. When it does not, it registers
 * one passing test whose name and console line say that the conformance checks were skipped and why,
 * so a skip is never silent.
 */
export function describeWithSamples(name: string, dir: string, fn: () => void): void {
  if (fs.existsSync(dir)) {
    describe(name, fn);
    return;
  }
  describe(name, () => {
    it(`SKIPPED: ${dir} is not present on this machine, so these conformance checks did not run`, () => {
      console.warn(`[conformance] ${name}: skipped, ${dir} not present`);
    });
  });
}

export function samplePath(...parts: string[]): string {
  return path.join(SAMPLES_DIR, ...parts);
}
