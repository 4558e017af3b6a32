import * as fs from 'node:fs';
import type { Deps } from '../deps';
import { TEXT_PREFIX, textBlobKey, textKey } from './keys';
import type { PreparedFile } from './prepare';
import { renderText } from './text/index';

/**
 * Files above this size get no text rendering at ingest (the renderers work on a whole buffer);
 * their bytes are archived as usual and the text item records why there is no rendering.
 */
export const TEXT_SIZE_CAP = 64 * 1024 * 1024;

/**
 * Ensure a text rendering is stored for the file: the text under
 * `text/<sha256>/<renderer_version>.txt` and an item `FILE#<sha256>` / `TEXT#<renderer_version>`.
 * Renderings are derived data: a rendering failure is recorded (`TEXT#none`, status `failed`) and
 * never fails the ingest. Skipped when any rendering item already exists (so repeated ingests
 * render once); a new renderer version is a re-rendering job, not an ingest concern.
 */
export async function ensureText(deps: Deps, f: PreparedFile, contentType: string, renderedAt: string): Promise<void> {
  const table = deps.tables.archive;
  const sha = f.spooled.sha256;
  const existing = await table.query(textKey(sha, '').pk, { beginsWith: TEXT_PREFIX, limit: 1, consistent: true });
  if (existing.items.length) return;
  if (f.spooled.size > TEXT_SIZE_CAP) {
    await table.put(
      {
        ...textKey(sha, 'none'),
        status: 'too_large',
        detail: `Over the ${TEXT_SIZE_CAP}-byte text cap.`,
        rendered_at: renderedAt,
      },
      { ifAbsent: true },
    );
    return;
  }
  let rendering: Awaited<ReturnType<typeof renderText>>;
  try {
    rendering = await renderText({
      bytes: fs.readFileSync(f.spooled.path),
      name: f.name,
      contentType,
    });
  } catch (e) {
    deps.logger.warn('archive.text.failed', { sha256: sha, name: f.name, error: (e as Error).message });
    await table.put(
      {
        ...textKey(sha, 'none'),
        status: 'failed',
        detail: (e as Error).message.slice(0, 500),
        rendered_at: renderedAt,
      },
      { ifAbsent: true },
    );
    return;
  }
  const bytes = Buffer.from(rendering.text, 'utf8');
  const key = textBlobKey(sha, rendering.renderer_version);
  await deps.blobs.put(key, bytes, { contentType: 'text/plain; charset=utf-8', size: bytes.length });
  await table.put({
    ...textKey(sha, rendering.renderer_version),
    status: 'ok',
    renderer: rendering.renderer,
    renderer_version: rendering.renderer_version,
    encoding: rendering.encoding,
    storage_key: key,
    bytes: bytes.length,
    chars: rendering.text.length,
    replacement_chars: countReplacements(rendering.text),
    rendered_at: renderedAt,
  });
}

function countReplacements(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) n++;
  return n;
}
