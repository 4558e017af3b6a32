import { stateSourceId } from '../exclusions/datasets';
import type { Cadence, DocDecl, SourceDecl, SourceUrl } from '../sources/types';
import { NO_READING } from '../sources/version-labels';
import type { StateLayout } from './layout';

/**
 * State Medicaid exclusion, suspension and termination lists, one source per state, each declared
 * in its own folder `shared/datasets/state_exclusions_<st>/` (source.ts, with its layout.ts when a
 * layout reads it): the folder name is the source id. Each list is republished whole (a snapshot
 * replacing the previous one) under a name that carries no date, so versions are told apart by
 * their bytes and resolve by first observation; an importer may give the label it read on the
 * agency's page.
 *
 * Nothing lists the states: the state exclusions dataset (./dataset.ts), the coverage report and
 * the search read the installed sources (`stateSources()`, shared/exclusions/datasets.ts), so a new
 * state is one new folder.
 */
export interface StateList {
  /** USPS code (lower case): the source is `state_exclusions_<st>`, its doc ids `stx_<st>:<n>`. */
  st: string;
  publisher: string;
  title: string;
  urls: SourceUrl[];
  /** In doc-number order; a document a layout reads declares it as its parser (`readWith(layout)`). */
  docs: Omit<DocDecl, 'docId'>[];
  /** The folder's sample manifest (path from the repository root), when it has fixtures. */
  samples?: string;
  /**
   * How often the agency republishes the list, once a layout reads it (default monthly). It sets
   * when the list in force turns stale and blocks a negative verdict.
   */
  cadence?: Exclude<Cadence, 'daily'>;
}

/** The doc id prefix of a state's list (`stx_ny:1`). */
export const stateDocPrefix = (st: string) => `stx_${st.toLowerCase()}`;

/** An agency page that links the current list. */
export const listing = (url: string, note: string): SourceUrl => ({ url, kind: 'listing', note });
export const PAGE_NOTE = 'Agency page that links the current list; the download name carries no date.';

type DocParser = NonNullable<DocDecl['parser']>;
const layoutOf = new WeakMap<DocParser, StateLayout>();

/** A document's parser: the state layout, for the files its pattern matches. */
export function readWith(layout: StateLayout): DocParser {
  const parser: DocParser = (fileName) => (layout.match.test(fileName.replace(/^.*[\\/]/, '')) ? layout : undefined);
  layoutOf.set(parser, layout);
  return parser;
}

/** The layouts that read a state source's documents (none: archived, not loaded). */
export function layoutsOf(source: SourceDecl): StateLayout[] {
  const found = source.docs.map((d) => (d.parser ? layoutOf.get(d.parser) : undefined));
  return [...new Set(found.filter((l): l is StateLayout => !!l))];
}

/** The source declaration of a state list. */
export function declareStateList(l: StateList): SourceDecl {
  const read = l.docs.some((d) => d.parser);
  return {
    sourceId: stateSourceId(l.st),
    title: l.title,
    publisher: l.publisher,
    license: { name: 'State government public record' },
    thirdPartyLicensedDescriptors: false,
    // A list no layout reads yet is archived on import only: no schedule, so it never turns the
    // status page red for being "never loaded"; coverage reports it as archived, not loaded.
    cadence: read
      ? { cadence: l.cadence ?? 'monthly' }
      : {
          cadence: 'exempt',
          reason: 'Archived on import only: no layout reads this list yet, so it is not fetched on a schedule.',
        },
    accuracyClass: 'authoritative',
    registeredOn: '2026-01-01',
    urls: l.urls,
    docs: l.docs.map((d, i) => ({ ...d, docId: `${stateDocPrefix(l.st)}:${i + 1}` })),
    ...(l.samples ? { samples: l.samples } : {}),
    versionMethod: 'none',
    readVersion: () => NO_READING,
  };
}
