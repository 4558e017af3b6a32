import type { Context } from 'hono';

/** Escape text for HTML element content and attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Content negotiation for the pages that serve both: `?format=html|json` wins; otherwise HTML when
 * the Accept header ranks text/html above application/json (as browsers do), else JSON.
 */
export function wantsHtml(c: Context, format: string | undefined): boolean {
  if (format) return format === 'html';
  const accept = c.req.header('accept') ?? '';
  const rank = (type: string) => {
    let best = -1;
    for (const part of accept.split(',')) {
      const [media, ...params] = part.trim().split(';');
      if (media?.trim().toLowerCase() !== type) continue;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      best = Math.max(best, q ? Number(q.slice(2)) || 0 : 1);
    }
    return best;
  };
  const html = rank('text/html');
  return html > 0 && html >= rank('application/json');
}

/** A self-contained page: inline styles, no scripts, no external assets. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1f23}
h1{font-size:1.5rem;margin:0 0 1rem}table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #e1e4e8}th{background:#f6f8fa}
.num{text-align:right;font-variant-numeric:tabular-nums}.muted{color:#6a737d}
.cards{display:flex;gap:1rem;flex-wrap:wrap}.card{border:1px solid #e1e4e8;border-radius:6px;padding:.6rem 1rem}
.card b{display:block;font-size:1.3rem}
</style></head><body>
${body}
</body></html>
`;
}
