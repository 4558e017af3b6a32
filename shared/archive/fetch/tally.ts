import type { Logger } from '../../log';
import { ruleLine, unmatchedLines } from '../ingest-report';
import type { IngestResult } from '../ingest-types';
import type { RunRecord } from '../runs';
import { messageOf, type UrlOutcome } from './fetch-url';

/** Longest URL or message kept in the run record: a hostile page can link a megabyte-long URL. */
const MAX_TEXT = 1000;
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}...` : s);

/**
 * Notes kept in one run record; past this the rest are counted in one entry, so a run that
 * archives a zip of thousands of documents cannot push the record past DynamoDB's 400 KB item
 * limit (with every entry clipped to MAX_TEXT, the notes stay near 100 KB).
 */
export const MAX_NOTES = 100;

/** How a file fetched by a run is placed by hand, for the run record's unmatched-file notes. */
const UNMATCHED_HINT = {
  file: 'To place it, download it and run `npm run archive -- import --source <source_id> --file <path> --doc <doc_id>`',
  member: 'to place one, import the member itself with `npm run archive -- import ... --doc <doc_id>`',
};

/**
 * What one fetch run has seen so far: every URL it requested (registered or followed from a
 * listing) either answered (200 archived or 304 unchanged) or failed, and each failure is one
 * entry in the run's errors (so is the note on links left out by a listing's cap). What the
 * operator should know that is not a failure goes to the run's notes, bounded by MAX_NOTES: the
 * rule that will decide each new version, documents that now mix windowed and observed versions,
 * files archived for the first time that matched no document of the source. Nothing here throws, so one URL's failure never
 * stops the others.
 */
export class RunTally {
  private failures = 0;
  private answered = 0;
  private notesLeftOut = 0;
  private readonly warned = new Set<string>();

  constructor(
    private readonly run: RunRecord,
    private readonly log: Logger,
  ) {}

  /**
   * Runs one fetch and records its outcome; `label` is the URL the run reports (registered or
   * followed). `page`: a listing page, archived without a document on purpose (not reported as
   * unmatched); `set`: a page of a JSON API set, whose file and zip members are not reported as
   * unmatched either (the set's manifest is the document).
   */
  async attempt<T extends UrlOutcome>(
    label: string,
    fetch: () => Promise<T>,
    opts: { page?: boolean; set?: boolean } = {},
  ): Promise<T | undefined> {
    let outcome: T;
    try {
      outcome = await fetch();
    } catch (err) {
      this.fail(label, messageOf(err));
      return undefined;
    }
    this.answered++;
    this.run.files_seen++;
    if (outcome.kind === 'archived') {
      for (const f of outcome.result.files) {
        if (f.newVersion && f.versionId !== null) this.run.version_ids.push(f.versionId);
      }
    }
    this.log.info('archive.fetch.url', { url: label, outcome: outcome.kind, attempts: outcome.attempts });
    if (outcome.kind === 'archived') this.describe(label, outcome.result, opts.page ?? false, opts.set ?? false);
    return outcome;
  }

  /**
   * Notes and logs what an archived URL brought: documents that now mix windowed and observed
   * versions (once per document), files without a document, then each new version's rule.
   */
  private describe(label: string, result: IngestResult, page: boolean, set: boolean): void {
    const created = result.files.filter((f) => f.newVersion);
    for (const f of created) {
      if (!f.warning || !f.docId || this.warned.has(f.docId)) continue;
      this.warned.add(f.docId);
      this.notify(label, `WARNING: ${f.warning}`);
      this.log.warn('archive.fetch.mixed_timeline', { doc_id: f.docId, warning: f.warning });
    }
    // A page of a JSON API set (and its zip members) is read through the set's manifest, not placed by hand.
    const unmatched = set
      ? []
      : unmatchedLines(result, this.run.source_id, UNMATCHED_HINT, { skipTop: page, onlyNew: true });
    for (const line of unmatched) {
      this.notify(label, line);
      this.log.warn('archive.fetch.unmatched', { url: clip(label), note: clip(line) });
    }
    for (const f of created) {
      this.notify(label, `${ruleLine(f)} Timeline: ${f.timeline}.`);
      this.log.info('archive.fetch.new_version', {
        version_id: f.versionId,
        doc_id: f.docId,
        name: f.name,
        rule: f.rule,
        timeline: f.timeline,
      });
    }
  }

  /** Ends the run's notes: those past MAX_NOTES are counted in one last entry. */
  finish(): void {
    if (this.notesLeftOut > 0) {
      this.run.notes.push({
        url: null,
        message: `${this.notesLeftOut} more note(s) not kept (the first ${MAX_NOTES} are; new version ids are in version_ids)`,
      });
    }
  }

  private notify(label: string, message: string): void {
    if (this.run.notes.length >= MAX_NOTES) this.notesLeftOut++;
    else this.run.notes.push({ url: clip(label), message: clip(message) });
  }

  /** A URL that could not be fetched (or was refused): the run is at best partial. */
  fail(label: string, message: string): void {
    this.failures++;
    this.run.errors.push({ url: clip(label), message: clip(message) });
    this.log.warn('archive.fetch.url_failed', { url: clip(label), error: clip(message) });
  }

  /** What the operator should know that is not a failure, in the run's bounded notes (a set completed, resumed, cut short). */
  inform(label: string, message: string): void {
    this.notify(label, message);
    this.log.info('archive.fetch.note', { url: clip(label), note: clip(message) });
  }

  /** Something the operator should see that is not a failure. */
  note(label: string, message: string): void {
    this.run.errors.push({ url: clip(label), message: clip(message) });
    this.log.info('archive.fetch.note', { url: clip(label), note: clip(message) });
  }

  /** succeeded: nothing failed; partial: something failed and something answered; failed: nothing answered. */
  status(): RunRecord['status'] {
    if (this.failures === 0) return 'succeeded';
    return this.answered > 0 ? 'partial' : 'failed';
  }
}
