/**
 * The file name a download is archived under: the Content-Disposition filename (RFC 6266, with
 * the RFC 8187 `filename*` form preferred), else the last path segment of the URL the bytes came
 * from after redirects, else `<source_id>-download`. Directory parts are never kept.
 */
export function fileNameFor(disposition: string | undefined, finalUrl: URL, sourceId: string): string {
  const fromHeader = disposition ? dispositionName(disposition) : undefined;
  const fromUrl = lastSegment(finalUrl);
  const name = (fromHeader ?? fromUrl ?? '').split(/[\\/]/).pop()?.trim();
  return name ? name : `${sourceId}-download`;
}

function dispositionName(value: string): string | undefined {
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(value);
  const v = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return v || undefined;
}

function lastSegment(url: URL): string | undefined {
  const seg = url.pathname.split('/').filter(Boolean).pop();
  if (!seg) return undefined;
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}
