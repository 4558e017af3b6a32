import type { Locator } from '../publishers/common/types';

/** Where a stored fact (or a row joined into it) came from: enough to build a receipt and replay it. */
export interface RowRef {
  source_id: string;
  doc_id: string;
  version_id: number;
  sha256: string;
  name: string;
  locator: Locator;
}
