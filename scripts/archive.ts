import { parseArgs } from 'node:util';
import { runFetch } from '../shared/archive/fetch';
import { importFile } from '../shared/archive/import';
import { Archive } from '../shared/archive/ingest';
import { ruleLine, timelineWarnings, unmatchedLines } from '../shared/archive/ingest-report';
import { type IngestResult, ORIGINS, type Origin } from '../shared/archive/ingest-types';
import type { Deps } from '../shared/deps';
import { syncAll } from '../shared/derive/sync-all';
import { AppError } from '../shared/http/errors';
import { isRealDate } from '../shared/http/schemas';
import { type LoadBudget, stoppableBudget, UNLIMITED } from '../shared/loads/budget';
import { getDocDecl, getSource, SOURCES } from '../shared/sources/registry';
import { runCliMain, UsageError } from './cli-main';
import { progressLine, type Term } from './load-progress';

const USAGE = `Archive operator CLI.

  npm run archive -- import --source <source_id> --file <path> [--doc <doc_id>]
        [--publisher-version <label>] [--effective-from YYYY-MM-DD] [--effective-to YYYY-MM-DD]
        [--origin backfill|wayback|live] [--observed-at <ISO time>] [--json]
  npm run archive -- repair        finish versions a crashed writer left pending
  npm run archive -- fetch --source <source_id>   fetch the source's registered URLs now (a fetch run)
  npm run archive -- load [--source <source_id>] [--recount]  load warrant facts and catalog rows of archived versions not loaded yet

import archives a local file (a zip too: every member, nested zips included) exactly as a fetch
would, default origin backfill, then loads the warrant facts and catalog rows of its new versions (--no-load skips that).
It says which as-of rule will decide each new version (publisher_effective_window when it has an
effective date, else first_observed), warns when a document now mixes the two, and names the files
that matched no document of the source (archived, but read by no answer). --doc places a single
file (not a zip) under that document of the source; its label and window come from the document's
reader or the --publisher-version/--effective-* flags.

load runs every pending load to its end, each file parsed once for its warrant facts and catalog
rows: versions not loaded yet, loads a fetch run left at a checkpoint (resumed from there), and
versions loaded by an earlier loader version (reloaded: the one command that migrates stored data
to the current layout; it also moves facts and catalog timelines of the one-item-per-source layout to
per-version items with per-document heads, and builds the per-source counters, which --recount counts again). Progress on stderr; Ctrl-C stops at a checkpoint that the next load resumes.
Works whether or not \`npm start\` runs on the same DATA_DIR.
Sources: ${SOURCES.map((s) => s.sourceId).join(', ')}`;

/** Progress lines only for files worth waiting on. */
const PROGRESS_FROM_BYTES = 8 * 1024 * 1024;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export interface ArchiveIo {
  /** stderr for the load's progress line (default: plain lines through `progress`). */
  term?: Term;
  /** How long `load` may run (default: to the end; the CLI's Ctrl-C ends it at a checkpoint). */
  budget?: LoadBudget;
}

/**
 * The CLI against the given deps (tests call it in-process). Returns the exit code: 0 done,
 * 1 the archive refused the file (the message says why), 2 bad usage.
 */
export async function runArchiveCommand(
  argv: string[],
  deps: Deps,
  out: (line: string) => void,
  progress: (line: string) => void = () => {},
  io: ArchiveIo = {},
): Promise<number> {
  try {
    const { values, positionals } = parse(argv);
    const archive = new Archive(deps);
    switch (positionals[0]) {
      case 'import': {
        const opts = importOptions(values);
        let last = 0;
        const result = await importFile(archive, {
          ...opts,
          onProgress: (bytes, total) => {
            const now = Date.now();
            if (total < PROGRESS_FROM_BYTES || now - last < 500) return;
            last = now;
            progress(
              bytes <= total
                ? `  read ${mb(bytes)} of ${mb(total)} (${Math.floor((bytes / total) * 100)}%)`
                : `  read ${mb(total)}; extracting members: ${mb(bytes - total)}`,
            );
          },
        });
        if (values.json) out(JSON.stringify(result));
        else report(result, opts, out);
        if (!values['no-load']) await syncAll(deps, { sourceIds: [opts.sourceId], log: values.json ? undefined : out });
        return 0;
      }
      case 'fetch': {
        if (!values.source) throw new UsageError('fetch needs --source');
        const run = await runFetch(deps, values.source);
        out(
          `Fetch run ${run.run_id} ${run.status}: ${run.files_seen} file(s) seen, ${run.new_versions} new version(s).`,
        );
        for (const e of run.errors) out(`  ${JSON.stringify(e)}`);
        for (const n of run.notes) out(`  ${n.message}${n.url ? ` [${n.url}]` : ''}`);
        await syncAll(deps, { sourceIds: [values.source], log: out });
        return run.status === 'failed' ? 1 : 0;
      }
      case 'load': {
        if (values.source && !SOURCES.some((s) => s.sourceId === values.source))
          throw new UsageError(`unknown source '${values.source}'`);
        const bar = progressLine(io.term ?? { isTTY: false, write: (t) => progress(t.replace(/\n$/, '')) });
        const { facts, catalog, suspended, deferred } = await syncAll(deps, {
          sourceIds: values.source ? [values.source] : undefined,
          recount: values.recount,
          budget: io.budget ?? UNLIMITED,
          onProgress: bar.update,
          log: (l) => {
            bar.end();
            out(l);
          },
        });
        bar.end();
        const count = (xs: { status: string }[], status: string) => xs.filter((o) => o.status === status).length;
        out(
          `Loaded ${count(facts, 'loaded')} warrant fact version(s) and ${count(catalog, 'loaded')} catalog version(s).`,
        );
        const busy = new Set([...facts, ...catalog].filter((o) => o.status === 'busy').map((o) => o.version_id));
        if (busy.size)
          out(
            `${busy.size} version(s) busy: another process is loading them (or its lease has not lapsed yet); run load again later.`,
          );
        if (suspended || deferred)
          out(
            `Stopped${suspended ? ` at a checkpoint of ${suspended.source_id} v${suspended.version_id}` : ''}${deferred ? `; ${deferred} version(s) not started` : ''}: run load again to go on.`,
          );
        return 0;
      }
      case 'repair':
        out(`Finished ${await archive.repair()} pending version(s).`);
        return 0;
      default:
        throw new UsageError(positionals[0] ? `unknown command '${positionals[0]}'` : 'no command given');
    }
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      out(`${(e as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof AppError) {
      out(`Not archived: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      file: { type: 'string' },
      doc: { type: 'string' },
      'publisher-version': { type: 'string' },
      'effective-from': { type: 'string' },
      'effective-to': { type: 'string' },
      origin: { type: 'string' },
      'observed-at': { type: 'string' },
      json: { type: 'boolean', default: false },
      'no-load': { type: 'boolean', default: false },
      recount: { type: 'boolean', default: false },
    },
  });
}

function importOptions(v: ReturnType<typeof parse>['values']) {
  if (!v.source) throw new UsageError('--source is required');
  if (!SOURCES.some((s) => s.sourceId === v.source)) throw new UsageError(`unknown source '${v.source}'`);
  if (!v.file) throw new UsageError('--file is required');
  if (v.doc !== undefined) {
    if (getDocDecl(v.doc)?.source.sourceId !== v.source) {
      const docs = getSource(v.source)!.docs.map((d) => d.docId);
      throw new UsageError(
        `--doc ${v.doc} is not a document of ${v.source} (its documents: ${docs.join(', ') || 'none'})`,
      );
    }
    if (/\.zip$/i.test(v.file)) throw new UsageError('--doc places a single file, not a zip: import the member itself');
  }
  for (const flag of ['effective-from', 'effective-to'] as const) {
    const d = v[flag];
    if (d !== undefined && !isRealDate(d)) throw new UsageError(`--${flag} must be a real date YYYY-MM-DD`);
  }
  const origin = (v.origin ?? 'backfill') as Origin;
  if (!ORIGINS.includes(origin)) throw new UsageError(`--origin must be one of ${ORIGINS.join(', ')}`);
  let observedAt: Date | undefined;
  if (v['observed-at'] !== undefined) {
    observedAt = new Date(v['observed-at']);
    if (Number.isNaN(observedAt.getTime())) throw new UsageError('--observed-at must be an ISO 8601 time');
  }
  return {
    sourceId: v.source,
    file: v.file,
    docId: v.doc,
    publisherVersion: v['publisher-version'],
    effectiveFrom: v['effective-from'],
    effectiveTo: v['effective-to'],
    origin,
    observedAt,
  };
}

const UNMATCHED_HINT = {
  file: 'Use --doc <doc_id> to place it',
  member: 'to place one, import the member itself with --doc <doc_id>',
};

function report(r: IngestResult, o: { sourceId: string; origin: Origin }, out: (l: string) => void) {
  out(`Archived ${r.files[0]?.name} into ${o.sourceId} (origin ${o.origin}):`);
  out(`  ${'version'.padEnd(8)} ${'sha256'.padEnd(64)} ${'doc'.padEnd(9)} ${'status'.padEnd(17)} name`);
  for (const f of r.files) {
    const status =
      f.versionId === null ? (f.newFile ? 'new file' : 'known file') : f.newVersion ? 'NEW VERSION' : 'known version';
    out(
      `  ${String(f.versionId ?? '-').padEnd(8)} ${f.sha256} ${(f.docId ?? '-').padEnd(9)} ${status.padEnd(17)} ${f.name}`,
    );
  }
  for (const s of r.skipped) out(`  skipped ${s.name}: ${s.reason}`);
  const newVersions = r.files.filter((f) => f.newVersion);
  for (const f of newVersions) out(ruleLine(f));
  for (const w of timelineWarnings(r.files)) out(w);
  for (const l of unmatchedLines(r, o.sourceId, UNMATCHED_HINT)) out(l);
  out(
    `${newVersions.length} new version(s)${newVersions.length ? ` (${newVersions.map((f) => f.versionId).join(', ')})` : ''}; ${r.files.length} file(s), ${r.files.filter((f) => f.newFile).length} new.`,
  );
}

if (require.main === module) {
  runCliMain('archive', USAGE, (argv, deps, how) => {
    if (how === 'live-server')
      process.stderr.write(`Using the engines of the server running on ${deps.config.dataDir}.\n`);
    // Ctrl-C during a load: the load in progress stores a checkpoint and stops (a second Ctrl-C quits).
    const budget = stoppableBudget();
    if (argv[0] === 'load') {
      process.once('SIGINT', () => {
        process.stderr.write('\nStopping at the next checkpoint (Ctrl-C again to quit now)...\n');
        budget.stop();
        process.once('SIGINT', () => process.exit(130));
      });
    }
    return runArchiveCommand(
      argv,
      deps,
      (l) => process.stdout.write(`${l}\n`),
      (l) => process.stderr.write(`${l}\n`),
      { term: { isTTY: process.stderr.isTTY === true, write: (t) => process.stderr.write(t) }, budget },
    );
  });
}
