import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filePersistence } from '../../src/tasks/taskPersistence';
import type { TaskRecord } from '../../src/tasks/taskTypes';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'flint-persist-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const record = (id: string, state: TaskRecord['state'], createdAt: number): TaskRecord => ({ id, instruction: id, folder: '/w', state, createdAt, elapsedMs: 0, runningSince: state === 'running' ? 5 : undefined, usage: { turns: 1, inputTokens: 1, outputTokens: 1, cost: null }, filesChanged: 0, log: [], conversation: ['turn'] });

describe('filePersistence', () => {
  it('brings active tasks back stopped, with why, and finished ones as they were', async () => {
    const errors: string[] = [];
    const p = filePersistence(join(dir, 'tasks'), (m) => errors.push(m));
    await Promise.all([p.save(record('a', 'running', 2)), p.save(record('b', 'done', 1)), p.save(record('c', 'waiting', 3))]);
    writeFileSync(join(dir, 'tasks', 'broken.json'), '{ half');
    const loaded = await p.loadAll(100);
    expect(loaded.map((r) => [r.id, r.state])).toEqual([['b', 'done'], ['a', 'stopped'], ['c', 'stopped']]);
    expect(loaded[1]).toMatchObject({ runningSince: undefined, conversation: ['turn'], reason: expect.stringContaining('Resume') });
    expect(errors).toEqual([expect.stringContaining('broken.json could not be read')]);
    expect(readdirSync(join(dir, 'tasks'))).toContain('broken.json');
    await p.remove('a');
    expect((await p.loadAll(100)).map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('writes nothing for an id that could name another path', async () => {
    const p = filePersistence(join(dir, 'tasks'), () => undefined);
    await p.save(record('../escape', 'done', 1));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makes its folder again when it was removed between two saves', async () => {
    const errors: string[] = [];
    const p = filePersistence(join(dir, 'tasks'), (m) => errors.push(m));
    await p.save(record('a', 'running', 1));
    rmSync(join(dir, 'tasks'), { recursive: true });
    await p.save(record('a', 'done', 1));
    // The first write after the removal may fail (reported); the one after it lands.
    await p.save(record('a', 'done', 1));
    expect((await p.loadAll(100)).map((r) => [r.id, r.state])).toEqual([['a', 'done']]);
    expect(errors.length).toBeLessThanOrEqual(1);
  });
});
