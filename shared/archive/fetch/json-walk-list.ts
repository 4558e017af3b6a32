import { createHash } from 'node:crypto';
import { messageOf } from './fetch-url';
import type { ListedFile, ListPager } from './json-pager';
import { completeSet } from './json-set';
import { putJsonCursor } from './json-state';
import type { Walk } from './json-walk';
import { fileNameFor } from './names';
import { checkUrl } from './policy';

/**
 * openFDA downloads and EDGAR submissions: the index on every run, then the files it lists, in
 * order, from the saved position. The open set resumes only while the index lists the same files
 * (a digest of their URLs and the index values kept, e.g. openFDA's export date): a new export
 * starts the set over, so one set never mixes two exports.
 */
export async function walkList(w: Walk, pager: ListPager): Promise<void> {
  const { job } = w;
  let s = await w.state();
  const indexUrl = new URL(job.url);
  const indexPage = pager.indexIsPage ? 1 : 0;
  let listed: ListedFile[] = [];
  let picked: Record<string, unknown> = {};
  let resume = false;
  let digest = '';
  const { out: index } = await w.request(
    {
      url: indexUrl,
      headers: w.headers,
      scan: pager.indexScan,
      collect: true,
      conditional: false,
      name: (finalUrl, disposition) => fileNameFor(disposition, finalUrl, job.ctx.sourceId),
      describe: ({ scan, elements, finalUrl }) => {
        listed = elements.map((e) => pager.listed(e, finalUrl));
        picked = Object.fromEntries(scan!.picked);
        digest = createHash('sha256')
          .update(JSON.stringify({ files: listed.map((f) => f.url.href), picked }))
          .digest('hex');
        // The open set resumes only while the index lists the same files (same export, same names).
        resume = s.pass_id !== null && s.list_digest === digest;
        const passId = resume ? s.pass_id! : job.ctx.runId;
        const next = listed.length ? '0' : null;
        return { ...w.provenance(indexPage, indexUrl, null, next, scan!.count), pass_id: passId };
      },
    },
    pager.indexIsPage,
  );
  if (!index) {
    w.finish();
    return;
  }
  if (resume) {
    job.tally.inform(job.decl.url, `${w.endpoint}: resuming the set begun by run ${s.pass_id} at page ${s.next_page}`);
  } else {
    if (s.pass_id !== null) {
      job.tally.inform(
        job.decl.url,
        `${w.endpoint}: the index lists other files than when run ${s.pass_id} began the set; the set starts over`,
      );
    }
    s = { ...w.begin(s, digest), next_page: indexPage + 1, cursor: listed.length ? '0' : null };
  }
  await w.record(s, index, pager.indexIsPage);
  const offset = indexPage + 1; // page number of listed[0]
  for (let pos = Number(s.cursor ?? listed.length); pos < listed.length; pos++) {
    if (!(await w.mayRequest(s))) break;
    const file = listed[pos]!;
    const page = pos + offset;
    const cursor = String(pos);
    const next = pos + 1 < listed.length ? String(pos + 1) : null;
    const refused = refusal(file.url, indexUrl, job);
    if (refused) {
      job.tally.fail(file.url.href, refused);
      break;
    }
    const { out } = await w.request({
      url: file.url,
      headers: pager.fileScan ? w.headers : { ...w.headers, accept: '*/*', 'accept-encoding': 'identity' },
      scan: pager.fileScan,
      conditional: pager.conditional,
      name: (finalUrl, disposition) => fileNameFor(disposition, finalUrl, job.ctx.sourceId),
      describe: ({ scan }) => {
        const items = scan ? scan.count : null;
        if (items !== null && file.expectedItems !== null && items !== file.expectedItems) {
          throw new Error(
            `malformed page: the index lists ${file.expectedItems} item(s) in it, the page holds ${items}`,
          );
        }
        return { ...w.provenance(page, file.url, cursor, next, items), pass_id: s.pass_id! };
      },
    });
    if (!out) break;
    await w.record(s, out, true);
    s = { ...s, cursor: next, next_page: page + 1, updated_at: w.now() };
    if (next !== null) await putJsonCursor(w.table, job.ctx.sourceId, s);
  }
  if (s.cursor === null) s = await completeSet(w.setJob(picked), s);
  await putJsonCursor(w.table, job.ctx.sourceId, s);
  w.finish();
}

/** Listed files must pass the fetch policy and be on the index's host or a declared one. */
function refusal(url: URL, index: URL, job: Walk['job']): string | null {
  try {
    checkUrl(url.href, job.ctx.policy);
  } catch (err) {
    return `listed file refused: ${messageOf(err)}`;
  }
  const hosts = job.decl.followHosts ?? [];
  if (url.host === index.host || hosts.includes(url.host) || hosts.includes(url.hostname)) return null;
  return `listed file refused: host ${url.host} is neither the index's (${index.host}) nor declared in followHosts`;
}
