/**
 * Catalog endpoints of the specification (001, "Endpoints") that are not built yet. Each is in
 * the contract and answers 501 problem+json naming the dataset it waits for, so clients see the
 * whole surface and nothing is faked. Built endpoints leave this list (exclusions already did).
 */
export interface PlannedEndpoint {
  path: string;
  tag: string;
  summary: string;
  /** The source(s) whose loader it waits for. */
  needs: string;
}

/** A row maker for one tag: (path, summary, needs). */
const tagged =
  (tag: string) =>
  (path: string, summary: string, needs: string): PlannedEndpoint => ({ path, tag, summary, needs });
const prov = tagged('Providers and licenses');

export const PLANNED: readonly PlannedEndpoint[] = [
  prov('/quality/systems/{system_id}', 'Quality of a health system', 'MIPS quality'),
];
