import { describe, expect, it } from 'vitest';
import { TaskRowChanges } from '../../src/tasks/taskRowChanges';
import type { TaskRecord } from '../../src/tasks/taskTypes';

const record = (id: string, over: Partial<TaskRecord> = {}): TaskRecord => ({
  id, instruction: `task ${id}`, folder: '/w', state: 'done', createdAt: 0, elapsedMs: 5_000,
  usage: { turns: 3, inputTokens: 100, outputTokens: 10, cost: null }, filesChanged: 1, log: [], ...over,
});

describe('task row changes', () => {
  it('redraws the list when tasks come, go or move, and nothing when no row reads differently', () => {
    const rows = new TaskRowChanges();
    expect(rows.take([record('a')], 0)).toBe('all');
    expect(rows.take([record('a')], 60_000)).toEqual([]);
    expect(rows.take([record('b'), record('a')], 60_000)).toBe('all');
    expect(rows.take([record('a'), record('b')], 60_000)).toBe('all');
    expect(rows.take([record('a')], 60_000)).toBe('all');
  });

  it('redraws only the rows whose figures, state or reason changed', () => {
    const rows = new TaskRowChanges();
    const running = record('r', { state: 'running', runningSince: 0 });
    rows.take([running, record('d')], 0);
    // A streamed token changes no figure: no redraw; the clock does, for the running task alone.
    expect(rows.take([running, record('d')], 400)).toEqual([]);
    expect(rows.take([running, record('d')], 1_000)).toEqual(['r']);
    expect(rows.take([{ ...running, usage: { ...running.usage, turns: 4 } }, record('d')], 1_000)).toEqual(['r']);
    expect(rows.take([{ ...running, usage: { ...running.usage, turns: 4 } }, record('d', { state: 'stopped', reason: 'stopped by you' })], 1_000)).toEqual(['d']);
  });
});

describe('task row changes between figure updates', () => {
  it('redraws a change of state at once and leaves moved figures to the next take with figures', () => {
    const rows = new TaskRowChanges();
    const running = record('r', { state: 'running', runningSince: 0 });
    rows.take([running], 0);
    const streamed = { ...running, usage: { ...running.usage, outputTokens: 5_000 } };
    // Only its token count moved: not redrawn between figure updates, and the change is kept for the next one.
    expect(rows.take([streamed], 300, { figures: false })).toEqual([]);
    expect(rows.take([streamed], 600, { figures: false })).toEqual([]);
    expect(rows.take([streamed], 700)).toEqual(['r']);
    expect(rows.take([streamed], 800)).toEqual([]);
    // Waiting for consent shows at once, its figures with it.
    const waiting = { ...streamed, state: 'waiting' as const, usage: { ...streamed.usage, outputTokens: 9_000 } };
    expect(rows.take([waiting], 900, { figures: false })).toEqual(['r']);
    expect(rows.take([waiting], 950)).toEqual([]);
    // A new task redraws the list whatever the take.
    expect(rows.take([waiting, record('n')], 960, { figures: false })).toBe('all');
  });
});
