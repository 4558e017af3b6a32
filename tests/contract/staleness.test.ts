import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildContract, GENERATED_MARK } from '../../functions/openapi';

const root = path.resolve(__dirname, '../..');

/**
 * Whether the committed contract, route map, sources manifest, client and report are current is
 * checked by `npm run generate -- --check`, which `npm test` runs before the tests.
 */
describe('committed contract', () => {
  it('is generated: it opens with its generated mark and parses', () => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, 'contract/openapi.json'), 'utf8'));
    expect(committed.openapi).toBe('3.1.0');
    const routes = JSON.parse(fs.readFileSync(path.join(root, 'infra/routes.generated.json'), 'utf8'));
    expect(routes['x-generated']).toBe(GENERATED_MARK);
  });

  it('is OpenAPI 3.1 and carries no hidden admin route', () => {
    const doc = buildContract() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin'))).toBe(false);
  });
});
