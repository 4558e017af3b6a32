import type { CatalogEntry } from '../../shared/platform/catalog';
import type { StatusReport } from '../../shared/platform/status';
import { esc, page } from './html';

const COLORS: Record<string, string> = { green: '#2da44e', amber: '#d4a72c', red: '#cf222e', grey: '#8c959f' };

function badge(light: string, text: string): string {
  return `<span class="badge" style="background:${COLORS[light] ?? COLORS.grey};color:#fff;border-radius:10px;padding:0 .5rem">${esc(text)}</span>`;
}

function lightOf(level: string | null): string {
  return level === 'critical' ? 'red' : level === 'stale' ? 'amber' : level === 'fresh' ? 'green' : 'grey';
}

/** GET /sources for browsers: one row per source with its freshness badge. */
export function renderSourcesPage(items: CatalogEntry[], total: number | null): string {
  const rows = items
    .map((s) => {
      const f = s.freshness;
      const label = f.class === 'never' ? `never (${f.level})` : f.class;
      return `<tr><td><a href="${esc(s.links.self)}">${esc(s.source_id)}</a><br><span class="muted">${esc(s.title)}</span></td>
<td>${esc(s.publisher)}</td><td>${esc(s.refresh_cadence)}</td>
<td>${badge(lightOf(f.level), label)}${f.reason ? `<br><span class="muted">${esc(f.reason)}</span>` : ''}</td>
<td>${esc(s.last_change_at ?? '—')}</td><td>${esc(s.latest_publisher_version ?? '—')}</td>
<td class="num">${s.archive_file_count}</td><td class="num">${s.last_record_count ?? '—'}</td>
<td>${esc(s.warrants.join(', ') || '—')}</td><td>${esc(s.license.name)}</td></tr>`;
    })
    .join('\n');
  return page(
    'Source catalog',
    `<h1>Source catalog</h1>
<p class="muted">${items.length} of ${total ?? items.length} sources. Freshness by the publisher's declared cadence; JSON at <code>?format=json</code>.</p>
<table id="sources-table"><thead><tr><th>Source</th><th>Publisher</th><th>Cadence</th><th>Freshness</th><th>Last change</th>
<th>Latest version</th><th class="num">Files</th><th class="num">Rows</th><th>Warrant blocks</th><th>License</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  );
}

/** GET /status for browsers: the overall light, each component, each source. */
export function renderStatusPage(r: StatusReport): string {
  const comps = r.components
    .map(
      (c) =>
        `<tr><td>${esc(c.name.replace('_', ' '))}</td><td>${badge(c.light, c.status)}</td><td>${esc(c.detail)}</td></tr>`,
    )
    .join('');
  const sources = r.sources
    .map(
      (s) =>
        `<tr><td>${esc(s.source_id)}</td><td>${badge(s.light, s.freshness)}</td><td class="num">${s.age_days ?? '—'}</td><td>${esc(s.reason ?? '')}</td></tr>`,
    )
    .join('');
  return page(
    'Service status',
    `<h1>Service status</h1>
<div id="status-light" class="cards"><div class="card" style="border-color:${COLORS[r.light]}">
<svg width="28" height="28" aria-hidden="true"><circle cx="14" cy="14" r="12" fill="${COLORS[r.light]}"/></svg>
<b>${esc(r.status)}</b><span class="muted">checked ${esc(r.checked_at)}</span></div></div>
<table id="status-table"><thead><tr><th>Component</th><th>State</th><th>Detail</th></tr></thead><tbody>${comps}</tbody></table>
<h2>Sources</h2>
<table id="status-sources"><thead><tr><th>Source</th><th>Freshness</th><th class="num">Age (days)</th><th>Note</th></tr></thead><tbody>${sources}</tbody></table>`,
  );
}
