import { describe, expect, it } from 'vitest';
import { taskEndNotice, type TaskEndSeen } from '../../src/tasks/taskEndNotice';
import type { TaskRecord, TaskState } from '../../src/tasks/taskTypes';

const record = (state: TaskState, over: Partial<TaskRecord> = {}): TaskRecord => ({
  id: 't', instruction: 'rename parseArgs to readOptions', folder: '/w', state, createdAt: 0, elapsedMs: 5_000,
  usage: { turns: 3, inputTokens: 1_000, outputTokens: 100, cost: null }, filesChanged: 2, log: [], ...over,
});
const seen = (over: Partial<TaskEndSeen> = {}): TaskEndSeen => ({ before: 'running', stoppedByUser: false, tasksViewVisible: false, ...over });

describe('taskEndNotice', () => {
  it('says a task is done once, with Review when it changed files', () => {
    expect(taskEndNotice(record('done'), seen())).toEqual({ level: 'info', text: 'Flint task done: rename parseArgs to readOptions (2 files changed)', actions: ['Review', 'Show Log'] });
    expect(taskEndNotice(record('done', { filesChanged: 1 }), seen())?.text).toMatch(/\(1 file changed\)$/);
    expect(taskEndNotice(record('done', { filesChanged: 0 }), seen())?.actions).toEqual(['Show Log']);
  });

  it('says nothing of a done task while the Tasks view shows its row and Review', () => {
    expect(taskEndNotice(record('done'), seen({ tasksViewVisible: true }))).toBeUndefined();
  });

  it('says a task failed, or a budget stopped it, with Resume, whether or not the Tasks view is shown', () => {
    for (const tasksViewVisible of [false, true]) {
      expect(taskEndNotice(record('failed', { reason: 'the model could not be reached' }), seen({ tasksViewVisible }))).toEqual({ level: 'warning', text: 'Flint task failed: rename parseArgs to readOptions: the model could not be reached', actions: ['Resume', 'Show Log'] });
      const budget = 'the turn budget of 30 (flint.tasks.maxTurns) was reached';
      expect(taskEndNotice(record('stopped', { reason: budget }), seen({ tasksViewVisible, before: 'waiting' }))).toMatchObject({ text: `Flint task stopped: rename parseArgs to readOptions: ${budget}`, actions: ['Resume', 'Show Log'] });
    }
  });

  it('says nothing when the user stopped the task', () => {
    expect(taskEndNotice(record('stopped', { reason: 'stopped by you' }), seen({ stoppedByUser: true }))).toBeUndefined();
  });

  it('speaks only of an end this window saw happen: not of a task forgotten after its review, nor of one of an earlier window', () => {
    // Forgetting a reviewed task changes it once more, still done.
    expect(taskEndNotice(record('done'), seen({ before: 'done' }))).toBeUndefined();
    // After a reload, the first change of an earlier window's task.
    for (const state of ['done', 'failed', 'stopped'] as const) expect(taskEndNotice(record(state), seen({ before: undefined }))).toBeUndefined();
  });

  it('says nothing while a task is still on its way (queued again by a redirect, running, waiting for consent)', () => {
    for (const state of ['queued', 'running', 'waiting'] as const) expect(taskEndNotice(record(state), seen())).toBeUndefined();
  });
});
