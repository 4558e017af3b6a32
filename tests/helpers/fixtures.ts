import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * A fixture file of a source, in the publisher's own layout, under its dataset folder
 * (`shared/datasets/<source_id>/fixtures/`). Without parts: the fixture folder itself.
 */
export function fixturePath(sourceId: string, ...parts: string[]): string {
  return path.join(ROOT, 'shared/datasets', sourceId, 'fixtures', ...parts);
}

/** The bytes of a source's fixture file (see fixturePath). */
export function readFixture(sourceId: string, ...parts: string[]): Buffer {
  return fs.readFileSync(fixturePath(sourceId, ...parts));
}
