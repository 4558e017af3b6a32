import type { ExclusionRecord } from '../exclusions/record';
import type { ByteInput, PublisherParser } from '../publishers/common/types';

/**
 * The identifying fields a list may carry beside the name, as the coverage report names them
 * (`npi`: ExclusionRecord.npis; the others by their record field). What a list carries decides how
 * a hit on it can match: without NPIs only by name, state and birth date.
 */
export const LIST_FIELDS = ['npi', 'license_number', 'dob', 'provider_type'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

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
  /**
   * The identifying fields the layout reads from the list (a column it maps). Checked against the
   * real sample in tests/unit/exclusions/list-fields.test.ts: a declared field is filled on some row,
   * an undeclared one on none.
   */
  readonly fields: readonly ListField[];
}

export function defineLayout(l: {
  sourceId: string;
  state: string;
  id: string;
  version?: string;
  match: RegExp;
  format: string;
  /** The identifying fields the layout maps (see StateLayout.fields); none when omitted. */
  fields?: readonly ListField[];
  parse: (input: ByteInput, fileName?: string) => AsyncGenerator<ExclusionRecord>;
}): StateLayout {
  return {
    sourceId: l.sourceId,
    state: l.state,
    id: l.id,
    version: l.version ?? '1',
    match: l.match,
    format: l.format,
    fields: l.fields ?? [],
    parse: (input, options) => l.parse(input, options?.fileName),
    codesOf: () => [],
  };
}
