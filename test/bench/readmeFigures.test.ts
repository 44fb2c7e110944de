import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chartBars, e2eChartSvg } from '../../bench/e2eChart.mjs';
import { CHART_SVG, END, headlineSection, replaceSection, START, writeReadmeFigures } from '../../bench/readmeFigures.mjs';

const root = resolve(import.meta.dirname, '../..');
const committed = (bench: string) => JSON.parse(readFileSync(join(root, 'bench', 'results', `${bench}.json`), 'utf8')) as Record<string, unknown>;
const HEADLINE_BENCHES = ['e2e', 'transport', 'completions', 'chat', 'edits-editor', 'tasks-editor', 'tasks-keys', 'real-model'];

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A scratch checkout: a README with the markers and the committed headline results. */
function scratchRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flint-figures-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'bench', 'results'), { recursive: true });
  for (const b of HEADLINE_BENCHES) cpSync(join(root, 'bench', 'results', `${b}.json`), join(dir, 'bench', 'results', `${b}.json`));
  writeFileSync(join(dir, 'README.md'), `# x\n\n## How fast\n\n${START}\nold table\n${END}\n\nafter\n`);
  return dir;
}

describe('README figures', () => {
  it('regenerating from the same results gives the same README and chart, byte for byte', async () => {
    const dir = scratchRoot();
    await writeReadmeFigures(dir, { png: false });
    const first = [readFileSync(join(dir, 'README.md'), 'utf8'), readFileSync(join(dir, CHART_SVG), 'utf8')];
    await writeReadmeFigures(dir, { png: false });
    expect([readFileSync(join(dir, 'README.md'), 'utf8'), readFileSync(join(dir, CHART_SVG), 'utf8')]).toEqual(first);
    expect(first[0]).not.toContain('old table');
    expect(first[0]).toMatch(/^# x\n\n## How fast\n\n<!-- figures:start/);
    expect(first[0].endsWith(`${END}\n\nafter\n`)).toBe(true);
  });

  it('the committed README and chart are what the committed results give (they cannot drift)', () => {
    const results = Object.fromEntries(HEADLINE_BENCHES.map((b) => [b, committed(b)]));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(replaceSection(readme, headlineSection(results))).toBe(readme);
    expect(readFileSync(join(root, CHART_SVG), 'utf8')).toBe(e2eChartSvg(results.e2e));
  });

  it('a row carries Flint\'s figure, the reference beside it, the target, n, the interval and whether it was met', () => {
    const e2e = { ...committed('e2e'), flint_added_ms_p50: 12.5, flint_added_ms_p50_n: 150, flint_added_ms_p50_ci: [11, 14], baseline_ms_p50: 90, flint_ms_p50: 102.5 };
    const section = headlineSection({ e2e });
    expect(section).toContain('| Keystroke to ghost text in the real editor: time Flint adds (p50) | +12.5 ms (102.5 ms in all) | 90 ms: the editor with an instant provider | ≤ 10 ms | 150 | 11 – 14 | **no** |');
    // Benches without results leave their rows out rather than inventing them.
    expect(section).not.toContain('Chat panel');
  });

  it('refuses a README without the markers', () => {
    expect(() => replaceSection('# no markers', 'x')).toThrow(/figures:start/);
  });

  it('charts each transport beside the editor\'s own way, with its interval and n', () => {
    const groups = chartBars(committed('e2e'));
    const answer = groups.find((g) => g.title.startsWith('A complete answer'))!;
    expect(answer.bars.map((b) => b.label)).toEqual(['editor\'s own way (floor)', 'Flint, WebSocket', 'Flint, llama.cpp /infill', 'Flint, HTTP Responses']);
    expect(answer.bars.every((b) => b.ci?.length === 2 && typeof b.n === 'number')).toBe(true);
    const svg = e2eChartSvg({ answer_to_screen_ms_p50_ws: 30, answer_to_screen_ms_p50_ws_n: 9, answer_to_screen_ms_p50_ws_ci: [20, 40] });
    expect(svg).toContain('30 ms (n 9)');
    expect(svg).not.toContain('floor');
  });
});
