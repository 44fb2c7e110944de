// The latency report webview: draws the snapshots the extension posts, as SVG, with no
// network access. Everything is built with DOM calls and textContent, never parsed HTML.
import { formatLastRequest } from '../../src/metrics/formatLastRequest';
import { formatCount, formatMs, formatPercent } from '../../src/metrics/formatNumbers';
import type { FromLatencyView, ToLatencyView } from '../../src/metrics/latencyMessages';
import type { LatencySnapshot, SeriesSnapshot } from '../../src/metrics/latencySnapshot';
import { tokenSection } from './tokens';

declare function acquireVsCodeApi(): { postMessage(message: FromLatencyView): void };

const vscode = acquireVsCodeApi();
const SVG = 'http://www.w3.org/2000/svg';
const report = document.getElementById('report')!;
const session = document.getElementById('session')!;

document.getElementById('export')!.addEventListener('click', () => vscode.postMessage({ type: 'export' }));
let received = false;
window.addEventListener('message', (e: MessageEvent<ToLatencyView>) => {
  if (e.data?.type !== 'snapshot') return;
  received = true;
  render(e.data.snapshot);
});
// Say hello until the first snapshot arrives: a message sent while the panel is still being
// wired up on the extension side can be lost, and the report would stay empty.
for (let i = 0; i < 40; i++) setTimeout(() => received || vscode.postMessage({ type: 'ready' }), i * 500);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function formatValue(v: number | undefined, unit: SeriesSnapshot['unit']): string {
  if (v === undefined) return '–';
  return unit === 'ms' ? formatMs(v) : `${formatCount(v)} tok/s`;
}

function render(snap: LatencySnapshot): void {
  session.textContent = `session since ${new Date(snap.sessionStartedAt).toLocaleTimeString()} · ${formatCount(snap.recorded)} samples`;
  const all = [snap.documentChangeToGhostText, snap.keystrokeToGhostText, ...snap.firstToken, snap.sendOverhead, ...snap.tokensPerSecond];
  const filled = all.filter((s) => s.n > 0);
  const empty = all.filter((s) => s.n === 0);

  const tiles = el('section', 'tiles');
  const k = snap.documentChangeToGhostText;
  tiles.append(
    tile('document change → ghost text item (p50)', formatValue(k.p50, 'ms'), k.n > 0 ? `p95 ${formatValue(k.p95, 'ms')}` : 'no ghost text yet'),
    tile('last request', formatLastRequest(snap.lastRequest).text || '–', snap.lastRequest ? lastRequestNote(snap.lastRequest) : ''),
    tile('ghost text from cache', formatPercent(snap.completionHitRates.cache), `of ${formatCount(snap.completionHitRates.total)} suggestions`),
    tile('typed through', formatPercent(snap.completionHitRates.typingThrough), 'served by a running request'),
  );

  const charts = el('section', 'charts');
  for (const s of filled) charts.append(chartCard(s));
  const nodes: Node[] = [tiles, el('h2', undefined, 'Distributions'), charts];
  if (filled.length === 0) nodes.push(el('p', 'muted', 'No samples yet.'));
  else if (empty.length > 0) nodes.push(el('p', 'muted', `No samples yet: ${empty.map((s) => s.label).join(' · ')}`));
  if (snap.models.length > 0) nodes.push(el('h2', undefined, 'Models'), modelTable(snap));
  nodes.push(el('h2', undefined, 'Used and abandoned'), outcomeTable(snap));
  nodes.push(...tokenSection(snap.tokens, el, tile));
  report.replaceChildren(...nodes);
}

function tile(label: string, value: string, note: string): HTMLElement {
  const t = el('div', 'tile');
  t.append(el('div', 'tile-value', value), el('div', 'tile-label', label), el('div', 'muted', note));
  return t;
}

function chartCard(s: SeriesSnapshot): HTMLElement {
  const card = el('article', 'chart');
  card.dataset.series = s.key;
  card.append(el('h3', undefined, s.label));
  const stats = el('div', 'stats');
  for (const [name, v] of [['p50', s.p50], ['p95', s.p95], ['p99', s.p99]] as const) {
    stats.append(el('span', `stat ${name}`, `${name} ${formatValue(v, s.unit)}`));
  }
  stats.append(el('span', 'muted', `n ${formatCount(s.n)}`));
  card.append(stats, histogramSvg(s));
  return card;
}

const W = 320;
const H = 120;
const TOP = 16;
const BOTTOM = 18;

function histogramSvg(s: SeriesSnapshot): SVGElement {
  const { bins, overflow } = s.histogram;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'histogram', role: 'img', 'aria-label': `${s.label} histogram` });
  const slots = bins.length + (overflow > 0 ? 1 : 0);
  const slot = W / Math.max(1, slots);
  const max = Math.max(overflow, ...bins.map((b) => b.count), 1);
  const plotH = H - TOP - BOTTOM;
  const bar = (i: number, count: number, cls: string, title: string) => {
    const h = count === 0 ? 0 : Math.max(1, (count / max) * plotH);
    const rect = svg('rect', { x: i * slot + 1, y: TOP + plotH - h, width: Math.max(1, slot - 2), height: h, class: cls });
    rect.append(svg('title', {}, title));
    root.append(rect);
  };
  bins.forEach((b, i) => bar(i, b.count, 'bar', `${formatValue(b.from, s.unit)} – ${formatValue(b.to, s.unit)}: ${b.count}`));
  const last = bins.at(-1);
  if (overflow > 0 && last) bar(bins.length, overflow, 'bar overflow', `≥ ${formatValue(last.to, s.unit)}: ${overflow}`);

  // Percentile markers; a value past the last bin sits on the overflow bar.
  const first = bins[0];
  const x = (v: number) => {
    if (!first || !last) return 0;
    if (v >= last.to) return W - slot / 2;
    return ((v - first.from) / (last.to - first.from)) * bins.length * slot;
  };
  // Markers closer than a label's width share one label ("p95/p99") instead of overprinting.
  const labels: { px: number; names: string[] }[] = [];
  for (const [name, v] of [['p50', s.p50], ['p95', s.p95], ['p99', s.p99]] as const) {
    if (v === undefined) continue;
    const px = x(v);
    root.append(svg('line', { x1: px, x2: px, y1: TOP - 2, y2: TOP + plotH, class: `marker ${name}` }));
    const near = labels.at(-1);
    if (near && px - near.px < 22) near.names.push(name);
    else labels.push({ px, names: [name] });
  }
  for (const { px, names } of labels) {
    const anchor = px > W - 20 ? 'end' : px < 20 ? 'start' : 'middle';
    root.append(svg('text', { x: px, y: TOP - 5, class: `marker-label ${names.at(-1)!}`, 'text-anchor': anchor }, names.join('/')));
  }
  root.append(svg('line', { x1: 0, x2: W, y1: TOP + plotH + 0.5, y2: TOP + plotH + 0.5, class: 'axis' }));
  if (first && last) {
    root.append(svg('text', { x: 0, y: H - 4, class: 'tick', 'text-anchor': 'start' }, formatValue(first.from, s.unit)));
    root.append(svg('text', { x: W, y: H - 4, class: 'tick', 'text-anchor': 'end' }, `${overflow > 0 ? '≥ ' : ''}${formatValue(last.to, s.unit)}`));
  }
  return root;
}

function lastRequestNote(r: NonNullable<LatencySnapshot['lastRequest']>): string {
  return `${r.surface}, ${r.route} model${r.model ? `, ${r.model.local ? 'local' : 'remote'}` : ''}`;
}

/** Which models answered: name, on this machine or not, requests, first token and speed. */
function modelTable(snap: LatencySnapshot): HTMLElement {
  const table = el('table', 'models');
  const head = el('tr');
  for (const h of ['model', 'where', 'requests', 'first token p50', 'tokens/s p50']) head.append(el('th', undefined, h));
  table.append(head);
  for (const m of snap.models) {
    const row = el('tr');
    row.append(el('th', undefined, m.name));
    for (const v of [m.local ? 'local' : 'remote', formatCount(m.requests), formatValue(m.firstTokenMs.p50, 'ms'), formatValue(m.tokensPerSecond.p50, 'tok/s')]) {
      row.append(el('td', undefined, v));
    }
    table.append(row);
  }
  return table;
}

function outcomeTable(snap: LatencySnapshot): HTMLElement {
  const table = el('table', 'outcomes');
  const head = el('tr');
  for (const h of ['', 'used', 'abandoned', 'failed', 'cache', 'typed through']) head.append(el('th', undefined, h));
  table.append(head);
  const names = { completion: 'ghost text', edit: 'inline edit', chat: 'chat', variants: 'variants', 'next-edit': 'next edit', review: 'review', task: 'background tasks' } as const;
  for (const surface of ['completion', 'edit', 'chat', 'variants', 'next-edit', 'review', 'task'] as const) {
    const o = snap.outcomes[surface];
    const row = el('tr');
    row.append(el('th', undefined, names[surface]));
    for (const v of [o.used, o.abandoned, o.failed, o.cache, o['typing-through']]) row.append(el('td', undefined, formatCount(v)));
    table.append(row);
  }
  return table;
}
