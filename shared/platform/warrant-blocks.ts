import { WARRANT_SOURCES } from '../warrant/sources';

/** The warrant block each warrant source feeds (the catalog entry's `warrants` field). */
const BLOCK_OF: Readonly<Record<keyof typeof WARRANT_SOURCES, string>> = {
  hcpcs: 'standing',
  leie: 'standing',
  dmepos: 'fee',
  mue: 'edits',
  ptp: 'edits',
  mcd: 'documentation',
};

/** Which warrant blocks a source stands behind, in block order; empty for catalog-only sources. */
export function warrantBlocksOf(sourceId: string): string[] {
  const blocks = new Set<string>();
  for (const [key, id] of Object.entries(WARRANT_SOURCES)) {
    if (id === sourceId) blocks.add(BLOCK_OF[key as keyof typeof WARRANT_SOURCES]);
  }
  return ['standing', 'fee', 'edits', 'documentation'].filter((b) => blocks.has(b));
}
