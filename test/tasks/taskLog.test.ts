import { describe, expect, it } from 'vitest';
import { applyEvent, formatLog, MAX_LOG_ENTRIES, MAX_LOGGED_RESULT } from '../../src/tasks/taskLog';
import type { TaskRecord } from '../../src/tasks/taskTypes';

const fresh = (): TaskRecord => ({ id: 't', instruction: 'add retry', folder: '/w', state: 'running', createdAt: 1000, elapsedMs: 0, usage: { turns: 0, inputTokens: 0, outputTokens: 0, cost: null }, filesChanged: 0, log: [] });

describe('task log', () => {
  it('joins streamed text, records tool calls and sums usage per turn', () => {
    const r = fresh();
    applyEvent(r, { type: 'text', text: 'Reading ' }, 1100);
    applyEvent(r, { type: 'text', text: 'the files.' }, 1200);
    applyEvent(r, { type: 'tool', name: 'read_file', args: '{"path":"src/api.ts"}', durationMs: 3.4, result: 'export {}' }, 1500);
    applyEvent(r, { type: 'turn', inputTokens: 500, outputTokens: 20, cost: 0.01, conversation: ['c1'] }, 1600);
    applyEvent(r, { type: 'turn', inputTokens: 600, outputTokens: 30, conversation: ['c2'] }, 1700);
    expect(r.log.map((e) => e.kind)).toEqual(['text', 'tool']);
    expect(r.usage).toEqual({ turns: 2, inputTokens: 1100, outputTokens: 50, cost: 0.01 });
    expect(r.conversation).toEqual(['c2']);
    expect(formatLog(r)).toBe('# add retry\n/w\n\nReading the files.\n\n[0.5 s] ▸ read_file({"path":"src/api.ts"}) 3 ms\n    export {}\n');
  });

  it('counts a cut turn for its tokens and cost, not as a turn', () => {
    const r = fresh();
    applyEvent(r, { type: 'turn', inputTokens: 500, outputTokens: 20, cost: 0.01, conversation: ['c1'] }, 1600);
    applyEvent(r, { type: 'turn', inputTokens: 300, outputTokens: 5, cost: 0.02, cut: true, conversation: ['c1', 'cut'] }, 1700);
    expect(r.usage).toEqual({ turns: 1, inputTokens: 800, outputTokens: 25, cost: 0.03 });
    expect(r.conversation).toEqual(['c1', 'cut']);
  });

  it('keeps the log bounded: long results clipped, the oldest entries dropped', () => {
    const r = fresh();
    applyEvent(r, { type: 'tool', name: 'run_command', args: '{}', durationMs: 1, result: 'x'.repeat(MAX_LOGGED_RESULT * 3), error: true }, 0);
    const first = r.log[0];
    expect(first.kind === 'tool' && first.result.length).toBeLessThan(MAX_LOGGED_RESULT + 100);
    expect(first).toMatchObject({ error: true });
    for (let i = 0; i < MAX_LOG_ENTRIES + 10; i++) applyEvent(r, { type: 'plan', text: `step ${i}` }, i);
    expect(r.log).toHaveLength(MAX_LOG_ENTRIES);
    expect(r.log[0]).toMatchObject({ kind: 'plan', text: 'step 10' });
  });

  it('formats a log redrawn while it streams the same with tool blocks kept between redraws', () => {
    const r = fresh();
    const kept = new WeakMap();
    const redraws: [string, string][] = [];
    const redraw = () => redraws.push([formatLog(r, kept), formatLog(r)]);
    for (let turn = 0; turn < 3; turn++) {
      for (const piece of ['Reading ', 'the ', 'files.  ']) {
        applyEvent(r, { type: 'text', text: piece }, 1000 + turn * 100);
        redraw();
      }
      applyEvent(r, { type: 'tool', name: 'read_file', args: `{"turn":${turn}}`, durationMs: 2.6, result: `line 1\nline ${turn}\n` }, 1050 + turn * 100);
      redraw();
      applyEvent(r, { type: 'plan', text: `[x] turn ${turn}` }, 1060 + turn * 100);
      redraw();
    }
    // Past the cap the oldest entries go: their kept blocks are not shown any more.
    for (let i = 0; i < MAX_LOG_ENTRIES; i++) applyEvent(r, { type: 'tool', name: 'list_files', args: `{"i":${i}}`, durationMs: 1, result: `f${i}` }, 2000);
    redraw();
    for (const [withKept, fresh] of redraws) expect(withKept).toBe(fresh);
    expect(redraws[0]![0]).toBe('# add retry\n/w\n\nReading\n');
    expect(redraws[3]![0]).toContain('Reading the files.\n\n[0.1 s] ▸ read_file({"turn":0}) 3 ms\n    line 1\n    line 0\n');
    expect(redraws.at(-1)![0]).not.toContain('read_file');
  });
});
