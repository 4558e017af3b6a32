import { HttpStatusError } from './download';
import { UrlFailure } from './fetch-url';
import { type CursorPager, pageFileName } from './json-pager';
import { completeSet } from './json-set';
import { putJsonCursor } from './json-state';
import type { Walk } from './json-walk';

/**
 * Token and offset paging: page after page from the saved cursor, each request made from what the
 * page before it said. A page cap or byte budget ends the run between pages with the cursor saved;
 * a failed page ends it with the cursor on that page. A saved page token the API refuses (4xx:
 * expired) closes the set, so the next run starts it over rather than failing forever.
 */
export async function walkCursor(w: Walk, pager: CursorPager): Promise<void> {
  const { job } = w;
  let s = await w.state();
  const resumed = s.pass_id !== null;
  if (resumed) {
    job.tally.inform(job.decl.url, `${w.endpoint}: resuming the set begun by run ${s.pass_id} at page ${s.next_page}`);
  } else s = w.begin(s);
  const base = new URL(job.url);
  // A set whose last page is in but whose manifest failed to archive: complete it first.
  const done = resumed && s.cursor === null && s.next_page > 1;
  if (done) s = await completeSet(w.setJob(), s);
  while (!done) {
    if (!(await w.mayRequest(s))) break;
    const page = s.next_page;
    const cursor = s.cursor;
    const url = pager.request(base, cursor);
    let next: string | null = null;
    const { out, error } = await w.request({
      url,
      headers: w.headers,
      scan: pager.scan,
      conditional: false,
      name: () => pageFileName(w.endpoint, page),
      describe: ({ scan }) => {
        next = pager.next(cursor, scan!);
        return { ...w.provenance(page, url, cursor, next, scan!.count), pass_id: s.pass_id! };
      },
    });
    if (!out) {
      if (resumed && w.requests === 1 && pager.strategy === 'pagetoken' && refusedCursor(error)) {
        job.tally.inform(
          job.decl.url,
          `${w.endpoint}: the saved page token was refused; the set starts over on the next run`,
        );
        s = { ...s, pass_id: null, cursor: null, next_page: 1 };
      }
      break;
    }
    await w.record(s, out, true);
    s = { ...s, cursor: next, next_page: page + 1, updated_at: w.now() };
    if (next === null) {
      s = await completeSet(w.setJob(), s);
      break;
    }
    await putJsonCursor(w.table, job.ctx.sourceId, s);
  }
  await putJsonCursor(w.table, job.ctx.sourceId, s);
  w.finish();
}

/** A 4xx other than 429 for the resumed request: the token itself is refused (expired, unknown). */
function refusedCursor(error: unknown): boolean {
  const inner = error instanceof UrlFailure ? error.error : error;
  return inner instanceof HttpStatusError && inner.status >= 400 && inner.status < 500 && inner.status !== 429;
}
