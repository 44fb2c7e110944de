import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../src/tasks/changeSet';
import { handOffResults, type HandoffTasks } from '../../src/tasks/reviewHandoff';
import { TaskResults, type TaskResultsStorage } from '../../src/tasks/taskResults';
import type { TaskRecord, TaskState } from '../../src/tasks/taskTypes';
import { until } from '../../support/until.mjs';

class MemoryStorage implements TaskResultsStorage {
  text: string | undefined;
  async read() {
    return this.text;
  }
  async write(json: string) {
    this.text = json;
  }
}

const changeSet = (taskId: string, paths: string[]): ChangeSet => ({ taskId, summary: 'done', files: paths.map((path) => ({ kind: 'modified', path, base: 'a\n', task: 'b\n' })) });

/** The task manager's side, as the hand-off sees it: a list, its changes, discard. */
class Tasks implements HandoffTasks {
  records: TaskRecord[] = [];
  discarded: string[] = [];
  private listeners = new Set<(r: TaskRecord) => void>();
  list() {
    return this.records;
  }
  onChange(l: (r: TaskRecord) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  async discard(id: string) {
    this.discarded.push(id);
    this.records = this.records.filter((r) => r.id !== id);
  }
  set(id: string, state: TaskState, cs?: ChangeSet) {
    const r = { id, state, changeSet: cs } as TaskRecord;
    this.records = [...this.records.filter((x) => x.id !== id), r];
    for (const l of this.listeners) l(r);
  }
}

describe('handOffResults', () => {
  it('puts a done task under review once, and forgets the task when every file is decided', async () => {
    const tasks = new Tasks();
    const results = new TaskResults(new MemoryStorage());
    const loaded = results.load(async () => undefined);
    const off = handOffResults(tasks, results, loaded, (m) => expect.fail(m));
    await loaded;
    tasks.set('t1', 'running');
    expect(results.underReview()).toEqual([]);
    tasks.set('t1', 'done', changeSet('t1', ['a.ts', 'b.ts']));
    tasks.set('t1', 'done', changeSet('t1', ['a.ts', 'b.ts']));
    await until('the result is under review', () => results.underReview().length > 0);
    expect(results.underReview().map((r) => r.changeSet.taskId)).toEqual(['t1']);
    await results.recordApplied('t1', [], { path: 'a.ts', decision: 'accepted' });
    expect(tasks.discarded).toEqual([]);
    await results.recordApplied('t1', [], { path: 'b.ts', decision: 'discarded' });
    await until('the task is forgotten', () => tasks.discarded.length > 0);
    expect(tasks.discarded).toEqual(['t1']);
    off();
  });

  it('forgets the task on Discard All, and leaves done tasks with no change and other states alone', async () => {
    const tasks = new Tasks();
    const results = new TaskResults(new MemoryStorage());
    handOffResults(tasks, results, results.load(async () => undefined), (m) => expect.fail(m));
    tasks.set('t2', 'done', changeSet('t2', ['a.ts']));
    tasks.set('empty', 'done', changeSet('empty', []));
    tasks.set('s', 'stopped', changeSet('s', ['a.ts']));
    await until('the result is under review', () => results.underReview().length > 0);
    expect(results.underReview().map((r) => r.changeSet.taskId)).toEqual(['t2']);
    await results.discard('t2');
    await until('the task is forgotten', () => tasks.discarded.length > 0);
    expect(tasks.discarded).toEqual(['t2']);
  });

  it('after a reload, keeps open reviews and forgets tasks whose result was applied', async () => {
    const storage = new MemoryStorage();
    const before = new TaskResults(storage);
    await before.load(async () => undefined);
    await before.add(changeSet('open', ['a.ts', 'b.ts']));
    await before.add(changeSet('applied', ['c.ts']));
    await before.recordApplied('applied', [{ path: 'c.ts', before: 'a\n', after: 'b\n' }] as never, { path: 'c.ts', decision: 'accepted' });
    const tasks = new Tasks();
    tasks.set('open', 'done', changeSet('open', ['a.ts', 'b.ts']));
    tasks.set('applied', 'done', changeSet('applied', ['c.ts']));
    const results = new TaskResults(storage);
    handOffResults(tasks, results, results.load(async () => undefined), (m) => expect.fail(m));
    await until('the applied task is forgotten', () => tasks.discarded.length > 0);
    expect(tasks.discarded).toEqual(['applied']);
    expect(results.underReview().map((r) => r.changeSet.taskId)).toEqual(['open']);
  });

  it('does not put a result back under review when it is reverted while its task is being removed', async () => {
    const tasks = new Tasks();
    let finish!: () => void;
    tasks.discard = (id: string) => {
      tasks.discarded.push(id);
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const results = new TaskResults(new MemoryStorage());
    handOffResults(tasks, results, results.load(async () => undefined), (m) => expect.fail(m));
    tasks.set('t1', 'done', changeSet('t1', ['a.ts']));
    await until('the result is under review', () => results.underReview().length > 0);
    await results.recordApplied('t1', [{ path: 'a.ts', before: 'a\n', after: 'b\n' }], { path: 'a.ts', decision: 'accepted' });
    await until('the task is being removed', () => tasks.discarded.length > 0);
    expect(tasks.discarded).toEqual(['t1']);
    await results.reverted('t1', undefined);
    tasks.set('t1', 'done', changeSet('t1', ['a.ts']));
    // Nothing should happen: give the hand-off a few turns of the event loop to react wrongly.
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 5));
    expect(results.underReview()).toEqual([]);
    expect(tasks.discarded).toEqual(['t1']);
    finish();
  });
});
