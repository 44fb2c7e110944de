import { describe, expect, it } from 'vitest';
import { describeTask, elapsedOf, formatElapsed, taskTitle } from '../../src/tasks/taskSummary';
import type { TaskRecord } from '../../src/tasks/taskTypes';

const record = (over: Partial<TaskRecord> = {}): TaskRecord => ({
  id: 't', instruction: 'rename parseArgs to readOptions everywhere\nand update the tests', folder: '/w', state: 'running', createdAt: 0, elapsedMs: 5_000,
  runningSince: 10_000, usage: { turns: 3, inputTokens: 12_000, outputTokens: 400, cost: 0.0125 }, filesChanged: 2, log: [], ...over,
});

describe('task summary', () => {
  it('counts the current run into the elapsed time', () => {
    expect(elapsedOf(record(), 70_000)).toBe(65_000);
    expect(elapsedOf(record({ runningSince: undefined, state: 'stopped' }), 70_000)).toBe(5_000);
    expect([formatElapsed(5_400), formatElapsed(65_000), formatElapsed(3_725_000)]).toEqual(['5 s', '1 min 5 s', '1 h 2 min']);
  });

  it('shows state, elapsed, turns, tokens, cost and files changed', () => {
    expect(describeTask(record(), 70_000)).toBe('running · 1 min 5 s · 3 turns · 12.4k tokens · $0.013 · 2 files changed');
    expect(describeTask(record({ state: 'waiting', usage: { turns: 1, inputTokens: 10, outputTokens: 0, cost: null }, filesChanged: 1 }), 10_000)).toBe('waiting for consent · 5 s · 1 turn · 10 tokens · 1 file changed');
  });

  it('titles a task by the first line of its instruction', () => {
    expect(taskTitle(record())).toBe('rename parseArgs to readOptions everywhere');
    expect(taskTitle(record(), 10)).toBe('rename pa…');
  });
});
