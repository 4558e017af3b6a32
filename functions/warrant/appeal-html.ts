import type { SignedResponse } from '../../shared/attestation/attest';
import type { AppealExhibit, Citation } from '../../shared/warrant/appeal';
import { BLOCKS } from '../../shared/warrant/changes';
import { esc } from '../platform/html';

const BLOCK_TITLES: Record<(typeof BLOCKS)[number], string> = {
  standing: 'Standing: the code and the provider on the date of service',
  fee: 'Fee schedule',
  edits: 'Coding edits (MUE and PTP)',
  documentation: 'Coverage documentation (LCDs and articles)',
};

function citationRows(cs: Citation[]): string {
  if (!cs.length) return '<tr><td colspan="3"><em>No fact held.</em></td></tr>';
  return cs
    .map((c) => {
      const link = c.original_bytes_url
        ? `<a href="${esc(c.original_bytes_url)}">${esc(c.original_bytes_url)}</a>`
        : `<em>${esc(c.withheld ?? 'not served')}</em>`;
      return `<tr><td><strong>${esc(c.statement)}</strong></td>
<td>${esc(c.publisher)}<br>${esc(c.document_title)}<br>version ${esc(c.version_label ?? String(c.version_id))}, in force ${esc(c.effective_from ?? 'from first observation')} to ${esc(c.effective_to ?? 'open')} (${esc(c.as_of_rule.replace(/_/g, ' '))})</td>
<td>${esc(c.file_name)}, ${esc(c.row)}<br>SHA-256 <code>${esc(c.sha256)}</code><br>Original: ${link}<br>Version in force: <a href="${esc(c.as_of_url)}">${esc(c.as_of_url)}</a></td></tr>`;
    })
    .join('\n');
}

/**
 * A printable page of the exhibit for a Medicare contractor's reviewer: each fact stated with its
 * values and its citation, the contractor, the gaps, the signing key id and time, and, verbatim at
 * the end, the signed JSON the page renders (so a saved page carries its own evidence).
 */
export function renderAppealHtml(x: AppealExhibit, signed: SignedResponse<AppealExhibit> | null): string {
  const att = signed?.body.attestation;
  const sections = BLOCKS.map(
    (b) => `<h2>${esc(BLOCK_TITLES[b])} <span class="status">(${esc(x.warrant[b].status)})</span></h2>
<table><thead><tr><th>What the record shows</th><th>Publisher, document, version</th><th>Where to check it</th></tr></thead><tbody>
${citationRows(x.citations[b])}
</tbody></table>
${x.gaps[b].length ? `<p class="gap"><strong>Not established from the archive:</strong> ${x.gaps[b].map(esc).join('; ')}</p>` : ''}`,
  ).join('\n');
  const contractors = x.contractors.length
    ? x.contractors
        .map((c) => `${esc(c.name ?? 'unnamed')}${c.contractor_number ? ` (${esc(c.contractor_number)})` : ''}`)
        .join('; ')
    : 'none named by the cited coverage documents';
  const signature = att
    ? `<p>Signed with Ed25519 key <code>${esc(att.kid)}</code> at ${esc(att.issued_at)} (RFC 8785 canonical JSON). Public key: <a href="${esc(att.public_key_url)}">${esc(att.public_key_url)}</a>.</p>`
    : '<p>This deployment has no signing key: the exhibit is not signed.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Appeal exhibit ${esc(x.hcpcs)} ${esc(x.dos)}</title>
<style>body{font:13px/1.45 system-ui,sans-serif;margin:2em;max-width:78em}table{border-collapse:collapse;width:100%;margin-bottom:.5em}td,th{border:1px solid #999;padding:4px 6px;vertical-align:top;text-align:left}th{background:#eee}code{font-size:11px;word-break:break-all}.gap{color:#7a3e00}.status{font-weight:normal;color:#555}pre{white-space:pre-wrap;word-break:break-all;font-size:9px}@media print{a{color:black;text-decoration:none}details{display:block}}</style></head>
<body><h1>Payment appeal exhibit</h1>
<p>HCPCS <strong>${esc(x.hcpcs)}</strong>, date of service <strong>${esc(x.dos)}</strong>${x.state ? `, state <strong>${esc(x.state)}</strong>` : ''}${x.npi ? `, NPI <strong>${esc(x.npi)}</strong>` : ''}${x.claim_reference ? `, claim reference <strong>${esc(x.claim_reference)}</strong>` : ''}.</p>
<p>Medicare contractor(s): ${contractors}.</p>
${signature}
${sections}
<h2>How to verify (no API key needed)</h2><ol>${x.verification_steps.map((s) => `<li>${esc(s)}</li>`).join('')}</ol>
${signed ? `<details><summary>The signed JSON this page renders (verbatim; verify it as in step 1)</summary><pre>${esc(signed.text)}</pre></details>` : ''}
</body></html>`;
}
