import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../src/tasks/changeSet';
import { TaskResults, type TaskResultsStorage } from '../../src/tasks/taskResults';

class MemoryStorage implements TaskResultsStorage {
  json: string | undefined;
  writes = 0;
  async read() {
    return this.json;
  }
  async write(json: string) {
    this.writes++;
    this.json = json;
  }
}

const changeSet: ChangeSet = {
  taskId: 't1',
  folder: '/home/user/second-folder',
  summary: 'Renamed a helper',
  files: [
    { kind: 'modified', path: 'a.ts', base: 'a\r\n', task: 'b\r\n' },
    { kind: 'created', path: 'c.ts', task: 'c\n' },
  ],
};

describe('TaskResults', () => {
  it('survives a reload mid-review: the change set, the files decided and the revert record', async () => {
    const storage = new MemoryStorage();
    const results = new TaskResults(storage);
    await results.add(changeSet);
    await results.recordApplied('t1', [{ path: 'c.ts', before: undefined, after: 'c\n' }], { path: 'c.ts', decision: 'accepted' });
    const reloaded = new TaskResults(storage);
    await reloaded.load(async (err) => {
      throw err;
    });
    expect(reloaded.underReview()).toEqual([{ changeSet, decided: { 'c.ts': 'accepted' } }]);
    expect(reloaded.revertRecord('t1')).toEqual({ taskId: 't1', summary: 'Renamed a helper', folder: '/home/user/second-folder', files: [{ path: 'c.ts', before: undefined, after: 'c\n' }] });
  });

  it('ends the review once every file is decided, keeping the apply revertible and named by its summary', async () => {
    const storage = new MemoryStorage();
    const results = new TaskResults(storage);
    await results.add(changeSet);
    await results.recordApplied('t1', [{ path: 'a.ts', before: 'a\r\n', after: 'b\r\n' }], { path: 'a.ts', decision: 'accepted' });
    await results.recordApplied('t1', [], { path: 'c.ts', decision: 'discarded' });
    expect(results.underReview()).toEqual([]);
    expect(results.revertible()).toEqual(['t1']);
    const reloaded = new TaskResults(storage);
    await reloaded.load(async (err) => {
      throw err;
    });
    expect(reloaded.revertRecord('t1')).toMatchObject({ summary: 'Renamed a helper', folder: '/home/user/second-folder' });
    await results.reverted('t1', undefined);
    expect(results.revertible()).toEqual([]);
  });

  it('drops a result only when the user discards it', async () => {
    const results = new TaskResults(new MemoryStorage());
    await results.add(changeSet);
    await results.add(changeSet);
    expect(results.underReview()).toHaveLength(1);
    await results.discard('t1');
    expect(results.review('t1')).toBeUndefined();
  });

  it('hands a damaged state file over with a readable error before anything overwrites it', async () => {
    const storage = new MemoryStorage();
    storage.json = '{"version":1,"reviews":[{"changeSet":{}}]';
    const results = new TaskResults(storage);
    const kept: string[] = [];
    const loading = results.load(async (err) => {
      // The file is still there, unwritten, while it is set aside.
      kept.push(`${err.message} ${storage.json}`);
      storage.json = undefined;
    });
    // A result arriving during the load waits for it.
    await results.add(changeSet);
    await loading;
    expect(kept).toEqual([expect.stringMatching(/^The saved task results could not be read .*\{"version":1,"reviews":\[\{"changeSet":\{\}\}\]$/)]);
    expect(storage.writes).toBe(1);
    expect(results.underReview()).toHaveLength(1);
  });
});
