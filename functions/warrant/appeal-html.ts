import type { AppealExhibit, Citation } from '../../shared/warrant/appeal';
import { BLOCKS } from '../../shared/warrant/changes';
import { esc } from '../platform/html';

function citationRows(cs: Citation[]): string {
  if (!cs.length) return '<tr><td colspan="5"><em>No fact held.</em></td></tr>';
  return cs
    .map(
      (c) =>
        `<tr><td>${esc(c.kind)}</td><td>${esc(c.publisher)}<br>${esc(c.document_title)}</td><td>${esc(c.version_label ?? '')}<br>${esc(c.effective_from ?? '')} to ${esc(c.effective_to ?? 'open')}</td><td><code>${esc(c.sha256)}</code><br>${esc(c.file_name)}, ${esc(c.row)}</td><td><a href="${esc(c.archived_original_url)}">archived original</a></td></tr>`,
    )
    .join('');
}

/** A printable page of the exhibit: same content as the signed JSON, for people. */
export function renderAppealHtml(x: AppealExhibit): string {
  const sections = BLOCKS.map(
    (b) => `<h2>${esc(b)}: ${esc(x.warrant[b].status)}</h2>
<table><thead><tr><th>fact</th><th>publisher / document</th><th>version / effective</th><th>file</th><th></th></tr></thead><tbody>${citationRows(x.citations[b])}</tbody></table>
${x.gaps[b].length ? `<p class="gap">Gaps: ${x.gaps[b].map(esc).join('; ')}</p>` : ''}`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Appeal exhibit ${esc(x.hcpcs)} ${esc(x.dos)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #999;padding:4px;vertical-align:top;text-align:left}code{font-size:11px;word-break:break-all}.gap{color:#8a4b00}@media print{a{color:black}}</style></head>
<body><h1>Payment appeal exhibit</h1>
<p>Code <strong>${esc(x.hcpcs)}</strong>, date of service <strong>${esc(x.dos)}</strong>${x.state ? `, state ${esc(x.state)}` : ''}${x.npi ? `, NPI ${esc(x.npi)}` : ''}${x.claim_reference ? `, claim reference ${esc(x.claim_reference)}` : ''}.</p>
${sections}
<h2>How to verify</h2><ol>${x.verification_steps.map((s) => `<li>${esc(s)}</li>`).join('')}</ol>
<p>The signed JSON form of this exhibit (same URL without format=html) is the evidence; this page is a rendering of it.</p>
</body></html>`;
}
