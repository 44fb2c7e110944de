import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEvent, MAX_LOG_ENTRIES } from '../../src/tasks/taskLog';
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

/** A task as the manager and the agent change it: streamed text, tool entries, conversation snapshots. */
function agentTask(id: string) {
  const r: TaskRecord = { ...record(id, 'running', 1), log: [], conversation: undefined };
  let items: object[] = [{ role: 'user', content: 'the task' }];
  let turns = 0;
  const snapshot = () => ({ items: [...items], chainedItems: items.length, turns, tokens: { input: turns }, elapsedMs: turns * 10 });
  return {
    r,
    text: (t: string) => applyEvent(r, { type: 'text', text: t }, 2),
    tool: (result: string) => applyEvent(r, { type: 'tool', name: 'read_file', args: '{}', durationMs: 1, result }, 3),
    turn: (output = 'out') => {
      turns++;
      items.push({ type: 'function_call', callId: `c${turns}`, name: 'read_file', arguments: '{}' }, { type: 'function_call_output', callId: `c${turns}`, output });
      applyEvent(r, { type: 'turn', inputTokens: 10, outputTokens: 2, conversation: snapshot() }, 4);
    },
    /** New objects for every tool output but the last, as compactItems makes them. */
    compact: () => {
      items = items.map((item, i) => (i > 0 && i < items.length - 1 && 'output' in item ? { ...item, output: '[removed]' } : item));
      r.conversation = snapshot();
    },
  };
}

const plain = (r: TaskRecord) => JSON.parse(JSON.stringify(r)) as TaskRecord;
const fileOf = (id: string) => join(dir, 'tasks', `${id}.json`);
const lineCount = (id: string) => readFileSync(fileOf(id), 'utf8').split('\n').filter(Boolean).length;
/** Loaded from a copy of the folder: loading writes a journal anew, which the saving instance would not know of. */
async function loadOne(id: string) {
  const copy = join(dir, `copy-${Math.random().toString(36).slice(2)}`);
  cpSync(join(dir, 'tasks'), copy, { recursive: true });
  const errors: string[] = [];
  const records = await filePersistence(copy, (m) => errors.push(m)).loadAll(100);
  expect(errors).toEqual([]);
  return records.find((r) => r.id === id);
}

describe('filePersistence journal', () => {
  it('gives back the record after many saves: growing text, new entries, the log cap, conversation growth and a compaction', async () => {
    const errors: string[] = [];
    const p = filePersistence(join(dir, 'tasks'), (m) => errors.push(m));
    const t = agentTask('long');
    await p.save(t.r);
    const check = async () => {
      await p.flush();
      const back = await loadOne('long');
      // Loaded while running, it comes back stopped with one more entry: the rest is the same.
      expect({ ...back, state: 'running', runningSince: t.r.runningSince, reason: undefined, log: back?.log.slice(0, -1) }).toEqual(plain(t.r));
    };
    for (let turn = 0; turn < 30; turn++) {
      t.text('thinking ');
      await p.save(t.r);
      t.text('more, '); // the last entry grows after it was saved
      t.tool(`result ${turn}`.repeat(20));
      t.turn();
      if (turn === 12) t.compact();
      void p.save(t.r);
      if (turn % 10 === 9) await check();
    }
    // Past the cap the oldest entries go, between two saves and across many.
    for (let i = 0; i < MAX_LOG_ENTRIES + 150; i++) {
      t.tool(`entry ${i}`);
      if (i % 400 === 0) void p.save(t.r);
    }
    t.text('the end');
    t.r.state = 'done';
    t.r.runningSince = undefined;
    t.r.summary = 'all done';
    await p.save(t.r);
    expect(t.r.log).toHaveLength(MAX_LOG_ENTRIES);
    await p.flush();
    expect(lineCount('long')).toBeGreaterThan(10);
    expect(await loadOne('long')).toEqual(plain(t.r));
    expect(errors).toEqual([]);
  });

  it('writes only what one more turn added to a large record', async () => {
    const p = filePersistence(join(dir, 'tasks'), () => undefined);
    const t = agentTask('big');
    for (let turn = 0; turn < 300; turn++) {
      t.text(`step ${turn}: `.repeat(20));
      t.tool('x'.repeat(4_000));
      t.turn('y'.repeat(4_000));
      void p.save(t.r);
    }
    await p.flush();
    const before = readFileSync(fileOf('big'), 'utf8');
    expect(JSON.stringify(t.r).length).toBeGreaterThan(2_000_000);
    t.text('one more turn');
    t.tool('z'.repeat(1_000));
    t.turn('w'.repeat(1_000));
    await p.save(t.r);
    // Appended to, not written anew: what was there stays, and only the turn's own bytes follow.
    const after = readFileSync(fileOf('big'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.length - before.length).toBeGreaterThan(2_000);
    expect(after.length - before.length).toBeLessThan(3_000);
    expect(await loadOne('big')).toMatchObject({ usage: plain(t.r).usage, conversation: plain(t.r).conversation });
  });

  it("turns a task's context into JSON once, not at every save; a context replaced is written again", async () => {
    const p = filePersistence(join(dir, 'tasks'), () => undefined);
    const t = agentTask('ctx');
    let serialized = 0;
    // A large context as a surface hands it over, counting how often it is turned into JSON.
    const context = (file: string) => ({ file, text: 'c'.repeat(200_000), toJSON: () => (serialized++, { file, text: 'c'.repeat(200_000) }) });
    t.r.context = context('a.ts');
    await p.save(t.r);
    for (let turn = 0; turn < 10; turn++) {
      t.text(`turn ${turn} `);
      t.turn();
      t.r.elapsedMs += 10;
      await p.save(t.r);
    }
    expect(serialized).toBe(1);
    t.r.context = context('b.ts');
    await p.save(t.r);
    expect(serialized).toBe(2);
    expect((await loadOne('ctx'))?.context).toEqual({ file: 'b.ts', text: 'c'.repeat(200_000) });
    expect(await loadOne('ctx')).toMatchObject({ usage: plain(t.r).usage, elapsedMs: t.r.elapsedMs, conversation: plain(t.r).conversation });
  });

  it('loads a file older versions wrote (the whole record, no line end) and goes on from it', async () => {
    const old = { ...record('old', 'done', 1), log: [{ kind: 'text', at: 1, text: 'hi' }], conversation: { items: [{ role: 'user', content: 'x' }], turns: 1 } } as TaskRecord;
    writeFileSync(join(dir, 'old.json'), JSON.stringify(old));
    const p = filePersistence(dir, () => undefined);
    const [loaded] = await p.loadAll(100);
    expect(loaded).toEqual(old);
    applyEvent(loaded, { type: 'text', text: ' there' }, 5);
    await p.save(loaded);
    expect((await filePersistence(dir, () => undefined).loadAll(100))[0].log).toEqual([{ kind: 'text', at: 1, text: 'hi there' }]);
  });

  it('leaves out a last line cut short and keeps the rest, writing the file anew', async () => {
    const p = filePersistence(join(dir, 'tasks'), () => undefined);
    const t = agentTask('torn');
    t.r.state = 'done';
    await p.save(t.r);
    t.tool('kept');
    t.turn();
    await p.save(t.r);
    const kept = plain(t.r);
    appendFileSync(fileOf('torn'), '{"l":[0,2,{"kind":"tool","na');
    const errors: string[] = [];
    const again = filePersistence(join(dir, 'tasks'), (m) => errors.push(m));
    expect(await again.loadAll(100)).toEqual([kept]);
    await again.flush();
    expect(lineCount('torn')).toBe(1);
    expect(errors).toEqual([]);
    writeFileSync(fileOf('torn'), readFileSync(fileOf('torn'), 'utf8') + '{"h":{"state":"failed"}}\n{ damaged\n{}\n');
    await again.loadAll(100);
    expect(errors).toEqual([expect.stringContaining('line 3 is damaged')]);
  });

  it('writes a journal grown well past its record anew, in one line, with the same content', async () => {
    const p = filePersistence(join(dir, 'tasks'), () => undefined);
    const t = agentTask('compacted');
    for (let i = 0; i < 20; i++) t.turn('o'.repeat(2_000));
    const lines: number[] = [];
    for (let i = 0; i < 30; i++) {
      t.turn('o'.repeat(2_000));
      t.compact(); // every item after the first is a new object: each save sends them all
      await p.save(t.r);
      lines.push(lineCount('compacted'));
    }
    expect(lines.slice(1).some((n, i) => n < lines[i])).toBe(true);
    expect(readFileSync(fileOf('compacted'), 'utf8').length).toBeLessThan(4 * JSON.stringify(t.r).length);
    expect(await loadOne('compacted')).toEqual({ ...plain(t.r), state: 'stopped', runningSince: undefined, reason: expect.any(String), log: [expect.objectContaining({ kind: 'status' })] });
  });

  it('keeps the order of saves asked for at once, and a write after a failed one sends the whole record', async () => {
    const errors: string[] = [];
    const p = filePersistence(join(dir, 'tasks'), (m) => errors.push(m));
    const t = agentTask('order');
    t.r.state = 'done';
    await p.save(t.r);
    for (let i = 0; i < 20; i++) {
      t.tool(`r${i}`);
      t.turn();
      void p.save(t.r);
    }
    await p.flush();
    expect(await loadOne('order')).toEqual(plain(t.r));
    rmSync(join(dir, 'tasks'), { recursive: true });
    t.tool('lost at first');
    void p.save(t.r); // fails: the file is gone
    t.tool('then');
    t.turn();
    void p.save(t.r); // planned before the failure: the whole record goes instead
    await p.flush();
    expect(errors).toEqual([expect.stringContaining('task order could not be saved')]);
    expect(lineCount('order')).toBe(1);
    expect(await loadOne('order')).toEqual(plain(t.r));
  });

  it('removes a task once its writes landed', async () => {
    const p = filePersistence(join(dir, 'tasks'), () => undefined);
    const t = agentTask('gone');
    void p.save(t.r);
    t.turn();
    void p.save(t.r);
    await p.remove('gone');
    expect(readdirSync(join(dir, 'tasks'))).toEqual([]);
    expect(await p.loadAll(100)).toEqual([]);
  });
});
