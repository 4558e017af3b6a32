/**
 * What a source declaration holds (issue 3, point 1). A source is one publisher data product; its
 * declaration says who publishes it under which license, how often the publisher publishes, where
 * the archive fetches it, how each fetched file maps to a document and how the publisher's version
 * label and effective window are read. Declarations are plain data plus pure functions, so the
 * registry is usable from the API, the fetcher, the CLI and tests alike.
 */
export type Cadence = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'annual';

/** Either a publishing rhythm, or `exempt` with the reason it has none (spec: States, rule 1). */
export type CadenceDecl = { cadence: Cadence } | { cadence: 'exempt'; reason: string };

/**
 * How far the source can be trusted as the statement of record:
 * - `authoritative`: the publisher's own file is the legal or programmatic reference;
 * - `reference`: an official publication that is informative but not itself binding;
 * - `derived`: assembled by a third party from official data.
 */
export type AccuracyClass = 'authoritative' | 'reference' | 'derived';

export interface License {
  /** Short name, e.g. "US Government work (public domain)". */
  name: string;
  url?: string;
  /** The notice the publisher attaches, verbatim in spirit (e.g. the AMA CPT notice). */
  notice?: string;
}

export interface SourceUrl {
  url: string;
  /** `file`: the bytes to archive; `listing`: an HTML page linking the current files (version labels are read there). */
  kind: 'file' | 'listing';
  note?: string;
}

/** How a source's version label and effective window are found. */
export type VersionMethod = 'file_name' | 'content' | 'listing' | 'none';

/** What a version reader sees: the file name, the names of the zips it came out of, its first bytes. */
export interface FileContext {
  /** Base name as served or as stored in the zip (directory parts removed). */
  name: string;
  /** Names of enclosing zips, outermost first (empty for a top-level file). */
  parents: readonly string[];
  /** The first bytes of the file (at most 64 KiB), for labels printed inside the content. */
  head: Buffer;
}

export interface VersionReading {
  publisherVersion: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  /** Where the reading came from; `none` when nothing could be read. */
  method: VersionMethod;
}

/** One document of a source: a stable identity across the publisher's releases. */
export interface DocDecl {
  /** `<prefix>:<number>`. */
  docId: string;
  title: string;
  /** Matches the file's base name (case-insensitive patterns are the rule). */
  match: RegExp;
  /** Read the version label and window; defaults to the source's reader. */
  readVersion?: (f: FileContext) => VersionReading;
}

export interface SourceDecl {
  sourceId: string;
  title: string;
  publisher: string;
  license: License;
  /**
   * True when the source's files carry procedure-code descriptors under a third-party license
   * (CPT descriptors, AMA): such files are listed with their metadata, but neither their text nor
   * their original bytes are served.
   */
  thirdPartyLicensedDescriptors: boolean;
  cadence: CadenceDecl;
  accuracyClass: AccuracyClass;
  /** YYYY-MM-DD: when the source was registered here (freshness of never-loaded sources counts from it). */
  registeredOn: string;
  urls: readonly SourceUrl[];
  /** Documents in doc-number order; a file matching none is archived as a file without a document. */
  docs: readonly DocDecl[];
  /** Which method the source's reader uses, for the sources endpoint. */
  versionMethod: VersionMethod;
  /** The default version reader for this source's documents. */
  readVersion: (f: FileContext) => VersionReading;
}
