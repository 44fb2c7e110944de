// The README's chart, from bench/results/e2e.json: ghost text's way to the screen in the real
// editor. Top: a keystroke to its ghost text, Flint beside the editor with an instant provider.
// Bottom: a complete answer to ghost text on screen, per transport, beside the editor's own way
// (an in-process provider answering at the same moment). Medians with their 95 % intervals.
// Pure: the same results give the same SVG, byte for byte.

const WIDTH = 720;
const LABEL_W = 260;
const BAR_H = 22;
const GAP = 10;
const PLOT_W = WIDTH - LABEL_W - 150;
const COLORS = { floor: '#8a94a6', flint: '#f08a24' };

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const num = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The chart's bars, in two groups; a bar without its figure in the results is left out. */
export function chartBars(e2e) {
  const bar = (label, kind, key, { ci = `${key}_ci`, n = `${key}_n` } = {}) =>
    typeof e2e[key] === 'number' ? [{ label, kind, ms: e2e[key], ci: e2e[ci] ?? null, n: e2e[n] ?? null }] : [];
  return [
    {
      title: 'A keystroke to its ghost text (p50; the model answers in about 1 ms)',
      bars: [
        ...bar('editor, instant in-process provider', 'floor', 'baseline_ms_p50', { n: 'keystrokes' }),
        ...bar('Flint over the WebSocket', 'flint', 'flint_ms_p50', { n: 'keystrokes' }),
      ],
    },
    {
      title: 'A complete answer to ghost text on screen (p50, 95 % interval)',
      bars: [
        ...bar('editor\'s own way (floor)', 'floor', 'answer_to_screen_ms_p50_floor'),
        ...bar('Flint, WebSocket', 'flint', 'answer_to_screen_ms_p50_ws'),
        ...bar('Flint, llama.cpp /infill', 'flint', 'answer_to_screen_ms_p50_infill'),
        ...bar('Flint, HTTP Responses', 'flint', 'answer_to_screen_ms_p50_http'),
      ],
    },
  ].filter((g) => g.bars.length > 0);
}

function barSvg(b, y, scale) {
  const w = Math.max(1, b.ms * scale);
  const parts = [
    `<text x="${LABEL_W - 8}" y="${y + 15}" text-anchor="end">${esc(b.label)}</text>`,
    `<rect x="${LABEL_W}" y="${y}" width="${num(w)}" height="${BAR_H}" rx="3" fill="${COLORS[b.kind]}"/>`,
  ];
  let labelX = LABEL_W + w;
  if (Array.isArray(b.ci) && b.ci.every((v) => typeof v === 'number')) {
    const [lo, hi] = b.ci.map((v) => LABEL_W + v * scale);
    const mid = y + BAR_H / 2;
    parts.push(`<path d="M${num(lo)} ${mid}H${num(hi)}M${num(lo)} ${mid - 6}V${mid + 6}M${num(hi)} ${mid - 6}V${mid + 6}" stroke="#1d2433" stroke-width="1.5"/>`);
    labelX = Math.max(labelX, hi);
  }
  const n = b.n === null ? '' : ` (n ${b.n})`;
  parts.push(`<text x="${num(labelX + 6)}" y="${y + 15}">${num(b.ms)} ms${n}</text>`);
  return parts.join('');
}

/** The SVG text of the chart for `e2e` (bench/results/e2e.json). */
export function e2eChartSvg(e2e) {
  const groups = chartBars(e2e);
  const max = Math.max(1, ...groups.flatMap((g) => g.bars.flatMap((b) => [b.ms, ...(Array.isArray(b.ci) ? b.ci.filter((v) => typeof v === 'number') : [])])));
  const scale = PLOT_W / max;
  const body = [];
  let y = 14;
  for (const g of groups) {
    body.push(`<text x="8" y="${y + 12}" font-weight="600">${esc(g.title)}</text>`);
    y += 24;
    for (const b of g.bars) {
      body.push(barSvg(b, y, scale));
      y += BAR_H + GAP;
    }
    y += 12;
  }
  const at = typeof e2e.at === 'string' ? e2e.at.slice(0, 10) : '';
  body.push(`<text x="8" y="${y + 4}" fill="#5b6475" font-size="11">bench/results/e2e.json${at ? `, measured ${at}` : ''}; code-server in headless Chromium on a shared 2-core machine</text>`);
  const height = y + 16;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="13" fill="#1d2433">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
