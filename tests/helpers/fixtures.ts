import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * A fixture file of a source, in the publisher's own layout: under its dataset folder
 * (`shared/datasets/<source_id>/fixtures/`), or, for a source whose fixtures have not moved yet,
 * under `tests/fixtures/publisher/<source_id>/`. Without parts: the fixture folder itself.
 */
export function fixturePath(sourceId: string, ...parts: string[]): string {
  const inFolder = path.join(ROOT, 'shared/datasets', sourceId, 'fixtures', ...parts);
  if (fs.existsSync(inFolder)) return inFolder;
  const legacy = path.join(ROOT, 'tests/fixtures/publisher', sourceId, ...parts);
  return fs.existsSync(legacy) ? legacy : inFolder;
}

/** The bytes of a source's fixture file (see fixturePath). */
export function readFixture(sourceId: string, ...parts: string[]): Buffer {
  return fs.readFileSync(fixturePath(sourceId, ...parts));
}
