import type { ExclusionRecord } from '../exclusions/record';
import { lazyParser } from '../publishers/common/lazy';
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
 * is one folder, shared/datasets/state_exclusions_<st>/: head.ts holds what the declarations know
 * of the layout (LayoutHead), layout.ts defines it (`defineLayout({ ...head, parse })`), and
 * source.ts declares it as its document's parser through `lazyLayout(head, () => require('./layout')…)`
 * (./lists.ts, `readWith`), so the reading code is a lazy file of the API bundles.
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

/** What a state list's declaration knows of its layout without the layout's code. */
export type LayoutHead = Pick<StateLayout, 'sourceId' | 'state' | 'id' | 'match' | 'format'> & {
  version?: string;
  fields?: readonly ListField[];
};

/**
 * A layout whose reading code (the folder's `layout.ts`) is required on first use: the declaration,
 * the coverage report and `readWith` need only the head; `parse` loads the code (a lazy file of the
 * API bundles, see lazyParser). The head must equal the layout's own (checked on load).
 */
export function lazyLayout(head: LayoutHead, load: () => StateLayout): StateLayout {
  const fields = head.fields ?? [];
  const parser = lazyParser<ExclusionRecord>({ id: head.id, version: head.version ?? '1' }, () => {
    const l = load();
    const same =
      l.sourceId === head.sourceId &&
      l.state === head.state &&
      String(l.match) === String(head.match) &&
      l.format === head.format &&
      l.fields.join() === fields.join();
    if (!same)
      throw new Error(`lazy layout ${head.id}: its declaration differs from ${l.id} (match, format or fields)`);
    return l;
  });
  // The same object (not a copy): it carries the lazy parser's loader for loadLazyParser.
  return Object.assign(parser, {
    sourceId: head.sourceId,
    state: head.state,
    match: head.match,
    format: head.format,
    fields,
  });
}
