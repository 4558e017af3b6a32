import { z } from '@hono/zod-openapi';
import type { CatalogDataset } from '../catalog/dataset';
import { type LookupWant, lookupAcross } from '../catalog/lookup';
import type { CatalogGap, CatalogSourceVersion } from '../catalog/provenance';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../catalog/provenance';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';

/**
 * One block of the provider dossier (`/provider/{npi}`, issue 21): what the block's sources say
 * about the NPI on the date, the archived versions it read, and a gap per source that could not
 * answer (not loaded, not in force). `data` is null only when no source of the block could answer;
 * an NPI the sources in force do not list is `data` with empty lists, not a gap.
 */
export interface DossierBlock<T> {
  sources: CatalogSourceVersion[];
  gaps: CatalogGap[];
  data: T | null;
}

/**
 * How an area (licences, quality, employment, trials, affiliations) supplies its block alone: `npi`
 * is already validated (10 digits), `date` is the as-of date. Built from the area's DossierRead
 * (`readerOf`): two storage reads (its views, its index rows) and the area's own further reads.
 */
export type DossierBlockReader<T> = (deps: Deps, npi: string, date: string) => Promise<DossierBlock<T>>;

/** A dataset viewed on a date. */
export interface ViewWant {
  dataset: CatalogDataset;
  date: string;
}

/**
 * What an area reads for an NPI, in the phases the dossier batches across areas (issue 21 point 8:
 * the dossier answers in at most eight storage reads): the dataset views it needs (every area's
 * heads in one batch read), the index entries it needs given those views (every area's in one
 * batched get), then `finish`, which builds the result from both with the area's own further reads
 * (a partition query, a cached listing). `views` and `lookups` read nothing.
 */
export interface DossierRead<R> {
  views(deps: Deps, date: string): ViewWant[];
  /** Given the views asked for, in their order. */
  lookups(views: readonly DatasetView[], npi: string): LookupWant[];
  /** Given the views and the rows of each lookup (by key), in their orders. */
  finish(
    deps: Deps,
    npi: string,
    views: readonly DatasetView[],
    found: readonly Map<string, StoredRow[]>[],
  ): Promise<R>;
}

type Results<T extends readonly DossierRead<unknown>[]> = {
  -readonly [K in keyof T]: T[K] extends DossierRead<infer R> ? R : never;
};

/**
 * Several areas' reads together: one batch read of all their views' timeline heads (`viewsOf`;
 * a date older than a source's heads decide adds that source's version query), one batched get of
 * all their index lookups (`lookupAcross`), then every `finish` in parallel. Results in the order given.
 */
export async function readTogether<T extends readonly DossierRead<unknown>[]>(
  deps: Deps,
  npi: string,
  date: string,
  reads: T,
): Promise<Results<T>> {
  const wanted = reads.map((r) => r.views(deps, date));
  const views = split(await viewsOf(deps, wanted.flat()), wanted);
  const lookups = reads.map((r, i) => r.lookups(views[i]!, npi));
  const found = split(lookups.some((l) => l.length) ? await lookupAcross(deps, lookups.flat()) : [], lookups);
  return (await Promise.all(reads.map((r, i) => r.finish(deps, npi, views[i]!, found[i]!)))) as Results<T>;
}

/** `flat` cut back into runs as long as the lists of `like`. */
function split<X>(flat: readonly X[], like: readonly (readonly unknown[])[]): X[][] {
  const out: X[][] = [];
  let at = 0;
  for (const l of like) {
    out.push(flat.slice(at, at + l.length));
    at += l.length;
  }
  return out;
}

/** An area's block alone, as a DossierBlockReader: the same reads the dossier batches, for one area. */
export function readerOf<T>(read: DossierRead<DossierBlock<T>>): DossierBlockReader<T> {
  return async (deps, npi, date) => (await readTogether(deps, npi, date, [read] as const))[0];
}

/** The OpenAPI schema of a block whose `data` is `data`. */
export function dossierBlockSchema<T extends z.ZodTypeAny>(data: T, description: string) {
  return z
    .object({
      sources: z.array(CatalogSourceVersionSchema).openapi({ description: 'The archived versions the block read.' }),
      gaps: z
        .array(CatalogGapSchema)
        .openapi({ description: 'Sources of the block that could not answer for the date, and why.' }),
      data: data.nullable(),
    })
    .openapi({ description });
}
