import { z } from '@hono/zod-openapi';
import { defineDataset } from '../../../shared/catalog/dataset';
import { listingSpec, specsOf } from '../../../shared/catalog/declaration';
import { listingParams } from '../../../shared/catalog/query';
import { type FilterInput, planQuery } from '../../../shared/catalog/query-plan';
import { bounds, sortValue } from '../../../shared/catalog/sort-keys';
import { ValidationError } from '../../../shared/http/errors';
import type { Located } from '../../../shared/publishers/common/types';

const Row = z.object({
  ndc: z.string(),
  name: z.string(),
  state: z.string(),
  price: z.number().nullable(),
  as_of: z.iso.date(),
  active: z.boolean(),
  note: z.string().nullable(),
});
type Row = z.infer<typeof Row> & Located;

const base = {
  id: 'zz_plan',
  title: 'plan test',
  loaderVersion: '1',
  docs: [{ sourceId: 'zz', docId: 'zz:1', mode: 'snapshot' as const }],
  parserFor: () => undefined,
  indexes: [],
};

const dataset = defineDataset<Row>({
  ...base,
  schema: Row,
  tokens: (r) => r.name.toLowerCase().split(/\s+/),
  listings: {
    by_price: {
      sort: { field: 'price', type: 'number' },
      partitionBy: ['state'],
      filters: { price: 'range', as_of: 'range', active: 'eq', name: 'token', ndc: 'prefix' },
    },
    by_name: { sort: { field: 'name', type: 'string' }, filters: { name: 'prefix' }, direction: 'desc' },
    by_state: { sort: { field: 'as_of', type: 'date' }, partitionBy: ['state'], partitionRequired: true },
  },
  rollups: {
    per_state: {
      groupBy: ['state'],
      measures: { rows: { op: 'count' }, median_price: { op: 'median', field: 'price' } },
      listing: { sort: { field: 'rows', type: 'number' }, filters: { state: 'eq', median_price: 'range' } },
    },
  },
  series: { price: { key: ['ndc'], value: 'price', type: 'number' } },
});

function plan(listing: string, filters: Record<string, FilterInput>, direction: 'asc' | 'desc' = 'asc') {
  return planQuery(dataset, listingSpec(dataset, listing), filters, direction);
}

function problem(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return { status: e.status, loc: e.issues[0]!.loc, type: e.issues[0]!.type };
    throw e;
  }
  throw new Error('no error');
}

describe('listing declarations', () => {
  it('types every listed field from the zod schema', () => {
    const spec = listingSpec(dataset, 'by_price');
    expect(Object.fromEntries(spec.types)).toEqual({
      price: 'number',
      state: 'string',
      as_of: 'date',
      active: 'boolean',
      ndc: 'string',
    });
    expect(spec.filters.get('state')).toBe('eq'); // a partition field
    expect(specsOf(dataset).tokenFilters).toBe(true);
    expect(listingSpec(dataset, 'per_state').kind).toBe('rollup');
  });

  it('refuses declarations that cannot be served', () => {
    const bad = (extra: object) => () => defineDataset<Row>({ ...base, ...extra });
    expect(bad({ listings: { x: { sort: { field: 'name', type: 'string' }, filters: { note: 'range' } } } })).toThrow(
      /range filter on note needs its type/,
    );
    expect(bad({ listings: { x: { sort: { field: 'name', type: 'string' }, filters: { name: 'token' } } } })).toThrow(
      /declares no tokens/,
    );
    expect(
      bad({
        rollups: {
          r: {
            groupBy: ['state'],
            measures: { a: { op: 'median', field: 'price' }, b: { op: 'median', field: 'other' } },
            listing: { sort: { field: 'a', type: 'number' } },
          },
        },
      }),
    ).toThrow(/one field per rollup/);
    expect(bad({ listings: { 'By Price': { sort: { field: 'price', type: 'number' } } } })).toThrow(/snake_case/);
    expect(
      bad({
        listings: { per_state: { sort: { field: 'price', type: 'number' } } },
        rollups: {
          per_state: {
            groupBy: ['state'],
            measures: { n: { op: 'count' } },
            listing: { sort: { field: 'n', type: 'number' } },
          },
        },
      }),
    ).toThrow(/two listings or rollups are named per_state/);
    const carry = { listing: 'by_name', status: { field: 'note', ended: 'ended' }, end: 'as_of', last: 'name' };
    const listings = { by_name: { sort: { field: 'name', type: 'string' } } };
    expect(bad({ schema: Row, listings, carry: { ...carry, listing: 'nope' } })).toThrow(/carry names nope/);
    expect(bad({ schema: Row, listings, carry: { ...carry, end: 'ended_on' } })).toThrow(/carry writes ended_on/);
    expect(
      bad({ schema: Row, listings, carry, docs: [{ sourceId: 'zz', docId: 'zz:1', mode: 'supplement' }] }),
    ).toThrow(/snapshot document/);
    expect(bad({ schema: Row, listings, carry })).not.toThrow();
    const placer = async () => ({ place: async (rows: Row[]) => rows });
    expect(bad({ placer })).toThrow(/declare a loadPriority above theirs/);
    expect(bad({ placer, loadPriority: 1 })).not.toThrow();
  });
});

describe('planning a listing query', () => {
  it('serves a partition equality by key, a sort-field range by key condition, the rest as filter expressions', () => {
    const p = plan('by_price', {
      state: 'NY',
      price: { gte: '-2.5', lt: 10 },
      active: 'true',
      as_of: { gte: '2025-01-01' },
    });
    expect(p.part).toBe(`state=${sortValue('string', 'NY')}`);
    expect(p.segments).toEqual([[bounds.atLeast(sortValue('number', -2.5)), bounds.below(sortValue('number', 10))]]);
    expect(p.where).toEqual([
      { path: ['f', 'active'], op: '=', value: true },
      { path: ['f', 'as_of'], op: '>=', value: '2025-01-01' },
    ]);
  });

  it('reads values, then nulls, when the sort field is not filtered; a prefix on the sort field is a key range', () => {
    expect(plan('by_price', {}).segments).toEqual([
      ['1', '2'],
      ['9', '9~'],
    ]);
    const p = plan('by_name', { name: 'smi' }, 'desc');
    expect(p.segments).toEqual([[sortValue('string', 'smi'), bounds.prefixEnd(sortValue('string', 'smi'))]]);
    expect(p.descending).toBe(true);
  });

  it('drives a word search by its longest word and requires the others', () => {
    const p = plan('by_price', { name: { token: 'Oak hill Pharmacy' }, price: { lte: 5 } });
    expect(p.token).toEqual({ param: 'name', driver: 'pharmacy', words: ['hill', 'oak'] });
    expect(p.where).toEqual([
      { path: ['f', 'price'], op: '<=', value: 5 },
      { path: ['tk'], op: 'contains', value: 'hill', orExists: 'tp' },
      { path: ['tk'], op: 'contains', value: 'oak', orExists: 'tp' },
    ]);
  });

  it('answers 400 naming the parameter', () => {
    expect(problem(() => plan('by_price', { color: 'red' }))).toEqual({
      status: 400,
      loc: ['query', 'color'],
      type: 'unknown_filter',
    });
    expect(problem(() => plan('by_price', { active: { gte: 'true' } }))).toEqual({
      status: 400,
      loc: ['query', 'active_min'],
      type: 'not_a_range',
    });
    expect(problem(() => plan('by_price', { price: { gte: 'cheap' } })).loc).toEqual(['query', 'price_min']);
    expect(problem(() => plan('by_price', { as_of: { lte: '2025-02-30' } })).loc).toEqual(['query', 'as_of_max']);
    expect(problem(() => plan('by_price', { price: { gte: 9, lte: 3 } })).loc).toEqual(['query', 'price_min']);
    expect(problem(() => plan('by_state', {}))).toEqual({ status: 400, loc: ['query', 'state'], type: 'missing' });
    expect(problem(() => plan('by_price', { name: { token: '!' } })).loc).toEqual(['query', 'name']);
  });

  it('reads numbers in decimal notation only (issue 17 point 3)', () => {
    for (const v of ['0x10', ' 1 ', '1e3', '+1', 'Infinity', '1.', '.5', '']) {
      expect(problem(() => plan('by_price', { price: { gte: v } })).loc).toEqual(['query', 'price_min']);
    }
    for (const v of ['12', '-0.5', '007', '3.25']) expect(() => plan('by_price', { price: { gte: v } })).not.toThrow();
  });

  it('reads a query string by the naming convention', () => {
    expect(
      listingParams(dataset, 'by_price', {
        state: 'NY',
        price_min: '1',
        price_max: '9',
        order: 'desc',
        limit: '20',
        as_of: '2025-01-01',
      }),
    ).toEqual({ filters: { state: { eq: 'NY' }, price: { gte: '1', lte: '9' } }, direction: 'desc', limit: 20 });
    expect(problem(() => listingParams(dataset, 'by_price', { colour: 'x' })).loc).toEqual(['query', 'colour']);
    expect(problem(() => listingParams(dataset, 'by_price', { order: 'up' })).loc).toEqual(['query', 'order']);
  });
});
