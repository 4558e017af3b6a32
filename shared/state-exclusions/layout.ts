import type { ExclusionRecord } from '../exclusions/record';
import type { ByteInput, PublisherParser } from '../publishers/common/types';

/**
 * One state's list layout: a streaming publisher parser (shared/publishers/common/types.ts) that
 * maps each row to an ExclusionRecord, plus what the coverage report says about it. Adding a state
 * is one folder, shared/datasets/state_exclusions_<st>/, whose layout.ts defines it and whose
 * source.ts declares it as its document's parser (./lists.ts, `readWith`).
 */
export interface StateLayout extends PublisherParser<ExclusionRecord> {
  readonly sourceId: string;
  /** USPS code of the state. */
  readonly state: string;
  /** Base names of the archived files this layout reads. */
  readonly match: RegExp;
  /** One line on the layout (delimiter, encoding, name order, date format). */
  readonly format: string;
}

export function defineLayout(l: {
  sourceId: string;
  state: string;
  id: string;
  version?: string;
  match: RegExp;
  format: string;
  parse: (input: ByteInput, fileName?: string) => AsyncGenerator<ExclusionRecord>;
}): StateLayout {
  return {
    sourceId: l.sourceId,
    state: l.state,
    id: l.id,
    version: l.version ?? '1',
    match: l.match,
    format: l.format,
    parse: (input, options) => l.parse(input, options?.fileName),
    codesOf: () => [],
  };
}
