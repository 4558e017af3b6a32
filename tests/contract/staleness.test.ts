import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildContract, buildRouteMap, GENERATED_MARK, renderJson } from '../../functions/openapi';

const root = path.resolve(__dirname, '../..');

describe('committed contract', () => {
  it('contract/openapi.json matches the routes (run npm run contract and commit)', () => {
    const committed = fs.readFileSync(path.join(root, 'contract/openapi.json'), 'utf8');
    expect(committed).toBe(renderJson(buildContract()));
  });

  it('infra/routes.generated.json matches the routes (run npm run contract and commit)', () => {
    const committed = fs.readFileSync(path.join(root, 'infra/routes.generated.json'), 'utf8');
    expect(committed).toBe(renderJson({ 'x-generated': GENERATED_MARK, routes: buildRouteMap() }));
  });

  it('is OpenAPI 3.1 and carries no hidden admin route', () => {
    const doc = buildContract() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin'))).toBe(false);
  });
});
