import { probeAll } from '../../../scripts/contract-report/probe';
import { parseSpecPaths, pathsInCell, templateKey } from '../../../scripts/contract-report/spec-paths';

describe('spec path tables', () => {
  it('splits the cell forms the seed documents use', () => {
    expect(pathsInCell('/resources and /resources/{slug}')).toEqual([
      { path: '/resources' },
      { path: '/resources/{slug}' },
    ]);
    expect(pathsInCell('/rx/ndcs/{ndc11}, /rx/ndcs/{ndc11}/nadac')).toEqual([
      { path: '/rx/ndcs/{ndc11}' },
      { path: '/rx/ndcs/{ndc11}/nadac' },
    ]);
    expect(pathsInCell('/exclusions/state/{npi}, /exclusions/state/search (name, state, entity type), /x')).toEqual([
      { path: '/exclusions/state/{npi}' },
      { path: '/exclusions/state/search' },
      { path: '/x' },
    ]);
    expect(pathsInCell('POST /exclusions/screen')).toEqual([{ method: 'POST', path: '/exclusions/screen' }]);
    expect(pathsInCell('/vbc/financials (includes `sort=losses`), /vbc/financials/summary')).toEqual([
      { path: '/vbc/financials' },
      { path: '/vbc/financials/summary' },
    ]);
    expect(pathsInCell('/hospice and other facility-type lists')).toEqual([{ path: '/hospice' }]);
    expect(pathsInCell('/demo/exclusions/*')).toEqual([{ path: '/demo/exclusions/*' }]);
  });

  it('reads only tables with a Path column, with their method and section', () => {
    const md = [
      '## Resources',
      '| Field | Type |',
      '|---|---|',
      '| /not/a/path | string |',
      '### Archive',
      '| Method | Path | Parameters |',
      '|---|---|---|',
      '| GET | /v1/archive/sources | |',
      '| POST | /v1/subscriptions | |',
      '',
      '### Drug economics',
      '| Path | Purpose |',
      '|---|---|',
      '| /rx/summary | Counts |',
      '| POST /exclusions/screen | Screening |',
      '| /rx/summary | duplicate |',
    ].join('\n');
    expect(parseSpecPaths(md, 'doc.txt')).toEqual([
      { method: 'GET', path: '/v1/archive/sources', section: 'Archive', document: 'doc.txt' },
      { method: 'POST', path: '/v1/subscriptions', section: 'Archive', document: 'doc.txt' },
      { method: 'GET', path: '/rx/summary', section: 'Drug economics', document: 'doc.txt' },
      { method: 'POST', path: '/exclusions/screen', section: 'Drug economics', document: 'doc.txt' },
    ]);
  });

  it('compares templates by shape', () => {
    expect(templateKey('/a/{x}/b')).toBe(templateKey('/a/{source_id}/b'));
  });
});

describe('probing', () => {
  const problem = (status: number, detail: string) =>
    new Response(JSON.stringify({ status, detail }), {
      status,
      headers: { 'content-type': 'application/problem+json' },
    });

  it('classifies data, 501, no route and other answers, and feeds identifiers forward', async () => {
    const seen: string[] = [];
    const request = async (p: string) => {
      seen.push(p);
      if (p === '/docs') return Response.json({ items: [{ doc_id: 'hcpcs:7' }] });
      if (p === '/docs/hcpcs%3A7') return Response.json({ ok: true });
      if (p === '/later') return problem(501, 'not yet');
      if (p.startsWith('/x?')) return problem(400, "query parameter 'q': bad");
      return problem(404, `No route for GET ${p}.`);
    };
    const contract = {
      paths: {
        '/docs': { get: {} },
        '/docs/{doc_id}': { get: {} },
        '/later': { get: {} },
        '/x': { get: { parameters: [{ in: 'query', name: 'q', required: true, schema: { example: 'v' } }] } },
      },
    };
    const spec = ['/docs/{doc_id}', '/docs', '/later', '/x', '/absent'].map((path) => ({
      method: 'GET',
      path,
      section: 's',
      document: 'd',
    }));
    const results = await probeAll(spec, contract, request, 'key');
    expect(results.map((r) => [r.path, r.inContract, r.outcome, r.status])).toEqual([
      ['/docs/{doc_id}', true, 'data', 200],
      ['/docs', true, 'data', 200],
      ['/later', true, '501', 501],
      ['/x', true, 'other', 400],
      ['/absent', false, 'absent', 404],
    ]);
    expect(seen.indexOf('/docs')).toBeLessThan(seen.indexOf('/docs/hcpcs%3A7'));
    expect(results[3]!.requested).toBe('/x?q=v');
  });
});
