import type { UsageReport } from '../../shared/auth/usage-report';
import { esc, page } from './html';

const W = 600;
const H = 160;
const PAD = 24;

/** The /my-usage dashboard: headline cards, an inline SVG bar chart of 30 days, and the table. */
export function renderUsagePage(r: UsageReport): string {
  const pct = r.daily_allowance ? Math.min(100, (r.today.count / r.daily_allowance) * 100) : 0;
  const cards = [
    ['Tier', r.billing_tier],
    ['Today (UTC)', `${r.today.count.toLocaleString('en-US')} of ${r.daily_allowance.toLocaleString('en-US')}`],
    ['Remaining', r.today.remaining.toLocaleString('en-US')],
    ['Resets at', r.quota_reset_at],
  ]
    .map(([k, v]) => `<div class="card"><span class="muted">${esc(k)}</span><b>${esc(v)}</b></div>`)
    .join('');
  const rows = [...r.last_30_days]
    .reverse()
    .map((d) => `<tr><td>${esc(d.date)}</td><td class="num">${d.count.toLocaleString('en-US')}</td></tr>`)
    .join('');
  return page(
    `API usage: ${r.key_id}`,
    `<h1>API usage <span class="muted">${esc(r.key_id)}</span></h1>
<div class="cards">${cards}</div>
<p class="muted">${pct.toFixed(1)}% of today's allowance used. Entitlements: ${esc(r.entitlements.join(', ') || 'none')}.</p>
${chart(r)}
<table id="usage-table"><thead><tr><th>Day (UTC)</th><th class="num">Requests</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function chart(r: UsageReport): string {
  const days = r.last_30_days;
  const max = Math.max(1, ...days.map((d) => d.count));
  const slot = (W - 2 * PAD) / Math.max(1, days.length);
  const bars = days
    .map((d, i) => {
      const h = Math.round((d.count / max) * (H - 2 * PAD));
      const x = PAD + i * slot + 1;
      const y = H - PAD - h;
      return `<rect x="${x.toFixed(1)}" y="${y}" width="${(slot - 2).toFixed(1)}" height="${h}" fill="#2f6fdf"><title>${esc(d.date)}: ${d.count}</title></rect>`;
    })
    .join('');
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  return `<svg id="usage-chart" role="img" aria-label="Requests per day, last 30 days" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg">
<rect width="${W}" height="${H}" fill="#fbfcfd" stroke="#e1e4e8"/>
<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#959da5"/>
${bars}
<text x="${PAD}" y="${H - 6}" font-size="11" fill="#6a737d">${esc(first)}</text>
<text x="${W - PAD}" y="${H - 6}" font-size="11" fill="#6a737d" text-anchor="end">${esc(last)}</text>
<text x="${PAD}" y="16" font-size="11" fill="#6a737d">max ${max.toLocaleString('en-US')}/day</text>
</svg>`;
}
