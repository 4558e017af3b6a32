import type { Logger } from '../../log';
import type { RunRecord } from '../runs';
import { messageOf, type UrlOutcome } from './fetch-url';

/** Longest URL or message kept in the run record: a hostile page can link a megabyte-long URL. */
const MAX_TEXT = 1000;
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}...` : s);

/**
 * What one fetch run has seen so far: every URL it requested (registered or followed from a
 * listing) either answered (200 archived or 304 unchanged) or failed, and each failure is one
 * entry in the run's errors. Notes (links left out by a listing's cap) are reported in the errors
 * too, but are not failures. Nothing here throws, so one URL's failure never stops the others.
 */
export class RunTally {
  private failures = 0;
  private answered = 0;

  constructor(
    private readonly run: RunRecord,
    private readonly log: Logger,
  ) {}

  /** Runs one fetch and records its outcome; `label` is the URL the run reports (registered or followed). */
  async attempt<T extends UrlOutcome>(label: string, fetch: () => Promise<T>): Promise<T | undefined> {
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
    return outcome;
  }

  /** A URL that could not be fetched (or was refused): the run is at best partial. */
  fail(label: string, message: string): void {
    this.failures++;
    this.run.errors.push({ url: clip(label), message: clip(message) });
    this.log.warn('archive.fetch.url_failed', { url: clip(label), error: clip(message) });
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
