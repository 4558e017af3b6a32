import { z } from '@hono/zod-openapi';
import type { CatalogGap, CatalogSourceVersion } from '../catalog/provenance';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../catalog/provenance';
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
 * How an area (licences, quality, employment, trials, affiliations) supplies its block: `npi` is
 * already validated (10 digits), `date` is the as-of date. A reader spends at most two storage
 * reads, so the whole dossier stays within the budget of eight.
 */
export type DossierBlockReader<T> = (deps: Deps, npi: string, date: string) => Promise<DossierBlock<T>>;

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
