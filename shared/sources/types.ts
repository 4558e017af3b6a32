/**
 * What a source declaration holds (issue 3, point 1). A source is one publisher data product; its
 * declaration says who publishes it under which license, how often the publisher publishes, where
 * the archive fetches it, how each fetched file maps to a document and how the publisher's version
 * label and effective window are read. Declarations are plain data plus pure functions, so the
 * registry is usable from the API, the fetcher, the CLI and tests alike.
 */
import type { Located, PublisherParser } from '../publishers/common/types';

export type Cadence = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'annual';

/** Either a publishing rhythm, or `exempt` with the reason it has none (spec: States, rule 1). */
export type CadenceDecl = { cadence: Cadence } | { cadence: 'exempt'; reason: string };

/**
 * How far the source can be trusted as the statement of record:
 * - `authoritative`: the publisher's own file is the legal or programmatic reference;
 * - `reference`: an official publication that is informative but not itself binding;
 * - `derived`: assembled by a third party from official data.
 */
export const ACCURACY_CLASSES = ['authoritative', 'reference', 'derived'] as const;
export type AccuracyClass = (typeof ACCURACY_CLASSES)[number];

export interface License {
  /** Short name, e.g. "US Government work (public domain)". */
  name: string;
  url?: string;
  /** The notice the publisher attaches, verbatim in spirit (e.g. the AMA CPT notice). */
  notice?: string;
}

/** A URL whose bytes are archived as they come. */
export interface FileSourceUrl {
  url: string;
  kind: 'file';
  note?: string;
}

/**
 * An HTML page that links the publisher's current files. The fetcher archives the page itself (a
 * file without a document: the evidence of what it linked) and follows the links it chooses
 * (shared/archive/fetch/listing-links.ts): a link is chosen by its file name (last path segment,
 * URL-decoded), which must match `follow` when declared, else one of the source's document
 * patterns; it must be https and on the page's own host or one of `followHosts`.
 */
export interface ListingSourceUrl {
  url: string;
  kind: 'listing';
  note?: string;
  /**
   * The file names to follow, for pages whose links are not named like the documents (a zip whose
   * members are the documents) or that link look-alike files the documents must not take in.
   * When declared it replaces the document patterns for this page.
   */
  follow?: RegExp;
  /** Hosts besides the page's own that followed links may be on (hostname, or hostname:port). */
  followHosts?: readonly string[];
  /**
   * Links whose file name matches are release pages, read as listings one level down (archived
   * too); their links are chosen by the same rule. For publishers that put each release on its own page.
   */
  via?: RegExp;
  /**
   * A click-through page in front of the files: a link to `<path>?<param>=<target>` on the page's
   * host is read as a link to `<target>` on that host. Declaring it records the operator's
   * acceptance of the terms that page shows (`terms` names them).
   */
  gate?: { path: string; param: string; terms: string };
  /** Most files (and release pages) followed per run, in page order; default 50. The rest are reported. */
  maxLinks?: number;
}

/**
 * A JSON API read page by page (issue 15, point 5; shared/archive/fetch/json-api.ts). Each
 * response is archived as a file whose metadata records its request (exact URL, page number,
 * cursor, next cursor, run); the pages of one complete walk form a set, archived last as a small
 * manifest file `<endpoint>-pages.json` listing every page by sha256. The manifest, not a page,
 * is what a document of the source should match: a complete set is one version; the pages are
 * files without a document (as listing pages are). A run cut short (page cap, byte budget,
 * failure) keeps its cursor and the next run resumes there.
 */
export interface JsonApiSourceUrl {
  /** The first request, with its fixed query (filters, fields); the paging parameters are added. */
  url: string;
  kind: 'json_api';
  note?: string;
  /**
   * Names the page files (`<endpoint>-page-0001.json`), the manifest and the resume cursor:
   * lowercase letters, digits, `.`, `_` and `-`, unique within the source.
   */
  endpoint: string;
  paging: JsonPaging;
  /** Most pages requested per run (default 100); the next run resumes after the last. */
  maxPages?: number;
  /** Least time between two requests, in ms (default 0; `sec_edgar` at least 150: SEC's 10 requests/s). */
  minIntervalMs?: number;
  /** Hosts besides the declared URL's that listed files may be on (openFDA's download.open.fda.gov). */
  followHosts?: readonly string[];
}

/**
 * How a JSON API pages (each strategy's contract is cited in shared/archive/fetch/json-pager.ts):
 * - `pagetoken`: the body names the next page's token (ClinicalTrials.gov v2 `nextPageToken`,
 *   passed back as `pageToken`); the page without one is the last;
 * - `offset`: `$limit`/`$offset` (Socrata SODA), optionally `$order`; a short page is the last;
 * - `openfda_download`: api.fda.gov/download.json lists each endpoint's partition files; the set
 *   is the declared endpoint's partitions;
 * - `sec_edgar`: a submissions JSON whose `filings.files` names its continuation files.
 */
export type JsonPaging =
  | {
      strategy: 'pagetoken';
      pageSize: number;
      /** Keys to the array of items in each page, e.g. `['studies']`. */
      itemsPath: readonly string[];
      /** Defaults: `nextPageToken`, `pageToken`, `pageSize`. */
      tokenField?: string;
      tokenParam?: string;
      sizeParam?: string;
    }
  | {
      strategy: 'offset';
      limit: number;
      /** Keys to the array of rows; default `[]` (SODA answers a top-level array). */
      itemsPath?: readonly string[];
      /** A SoQL `$order`, so rows keep their order across pages (SODA: at least `:id`). */
      order?: string;
      /** Send the configured Socrata app token (SOCRATA_APP_TOKEN) as `X-App-Token`. */
      appToken?: boolean;
    }
  | {
      strategy: 'openfda_download';
      /** The openFDA endpoint, `<noun>/<name>`, e.g. `drug/enforcement`. */
      endpoint: string;
    }
  | { strategy: 'sec_edgar' };

export type SourceUrl = FileSourceUrl | ListingSourceUrl | JsonApiSourceUrl;

/** How a source's version label and effective window are found. */
export const VERSION_METHODS = ['file_name', 'content', 'listing', 'none'] as const;
export type VersionMethod = (typeof VERSION_METHODS)[number];

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
  /**
   * The parser that reads a file of this document (by its base name), or undefined when no layout
   * reads it yet (archived, reported as not loaded). The one place a file's parser is chosen: the
   * warrant facts, the catalog rows and every receipt replay read the file with it.
   */
  parser?: (fileName: string) => PublisherParser<Located> | undefined;
  /**
   * A zip this document matches is archived whole: one file (its sha256), one version of the
   * document; its members are neither extracted nor stored, and the parser streams them from the
   * archived zip. For bulk zips of one small file per entity (SEC EDGAR's submissions.zip, ~900,000
   * members), whose extraction would hold every member's head in memory and store each as a file.
   * The zip is still verified at ingest (central directory readable, member count and declared
   * total size within the limits, no encrypted member); each member's CRC-32 is checked when read
   * (shared/formats/zip.ts).
   */
  keepZipWhole?: boolean;
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
  /**
   * Months (1-12) on whose first day the publisher's scheduled releases take effect, for publishers
   * with a fixed calendar (the quarterly HCPCS files: 1, 4, 7, 10). An open-ended version is not used
   * on a date past such a release the archive lacks (shared/archive/as-of.ts, `missing_release`).
   */
  releaseMonths?: readonly number[];
  /** Rank of a file name among renderings of one release, lower preferred (see AsOfPolicy.formatRank). */
  formatRank?: (name: string) => number;
  /** The reissue order a file name states, higher is later (see AsOfPolicy.reissueRank). */
  reissueRank?: (name: string) => number;
  /**
   * The source's sample files in the publisher's own layout: a manifest (path from the repository
   * root) in its dataset folder, archived by `npm start` and the tests (shared/archive/seed.ts).
   */
  samples?: string;
  /**
   * Set when the publisher does not release the files to the public (who may obtain them, and how).
   * Such a source is declared so answers can name it as a coverage gap; nothing is fetched.
   */
  access?: { restricted: true; rule: string };
  /**
   * Members a zip of this source may hold (default 50,000, shared/archive/zip.ts ZIP_LIMITS): raised
   * by a publisher whose bulk zip holds one file per entity (SEC EDGAR's submissions.zip, ~900,000
   * filers). The zip-bomb caps (total uncompressed size, nesting depth) stay the same for every source.
   */
  maxZipMembers?: number;
  /**
   * The publisher requires a contact address in the User-Agent of every request (SEC's fair-access
   * policy): each request of the source's fetch runs (files, listings, JSON API pages) carries
   * FETCH_CONTACT, and a run without one fails before any request.
   */
  userAgentContact?: 'required';
  /** Which method the source's reader uses, for the sources endpoint. */
  versionMethod: VersionMethod;
  /** The default version reader for this source's documents. */
  readVersion: (f: FileContext) => VersionReading;
}
