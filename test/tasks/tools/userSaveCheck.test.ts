import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDenyList } from '../../../src/privacy/denyList';
import { nodeProbe } from '../../../src/tasks/nodeProbe';
import { createTaskEnvironment } from '../../../src/tasks/taskEnvironment';
import { createToolbox } from '../../../src/tasks/tools/createToolbox';
import { savedOverlaps } from '../../../src/tasks/tools/userSaveCheck';
import { spawnProcess } from '../../../src/tests/spawnProcess';

const BASE = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\n';
const SAVED = BASE.replace('b = 2', 'b = 20');

describe('savedOverlaps', () => {
  it('finds the lines an edit changes that the user changed too, with the user\'s text there', () => {
    const overlaps = savedOverlaps({ base: BASE, saved: SAVED }, BASE, BASE.replace('b = 2', 'b = 5'));
    expect(overlaps.map((h) => [h.oursLine, h.user, h.base])).toEqual([[1, 'const b = 20;\n', 'const b = 2;\n']]);
  });

  it('finds nothing for an edit clear of the user\'s changes, nor one making the same change', () => {
    expect(savedOverlaps({ base: BASE, saved: SAVED }, BASE, BASE.replace('d = 4', 'd = 5'))).toEqual([]);
    expect(savedOverlaps({ base: BASE, saved: SAVED }, BASE, SAVED)).toEqual([]);
  });

  it('does not count again a place the task changed before this edit', () => {
    const text = BASE.replace('b = 2', 'b = 5');
    expect(savedOverlaps({ base: BASE, saved: SAVED }, text, text.replace('d = 4', 'd = 5'))).toEqual([]);
  });
});

describe('edit_file after the user saved the file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  /** A user folder, the task's copy of it (the snapshot), and the toolbox over the real environment. */
  function setup() {
    const folder = mkdtempSync(join(tmpdir(), 'flint-user-'));
    const copy = mkdtempSync(join(tmpdir(), 'flint-copy-'));
    dirs.push(folder, copy);
    for (const dir of [folder, copy]) {
      writeFileSync(join(dir, 'm.ts'), BASE);
      writeFileSync(join(dir, 'n.ts'), BASE);
    }
    // Written before the task began: not a save of the user's since.
    utimesSync(join(folder, 'm.ts'), new Date(1_000), new Date(1_000));
    utimesSync(join(folder, 'n.ts'), new Date(1_000), new Date(1_000));
    const env = createTaskEnvironment({
      root: copy,
      folder,
      isDenied: createDenyList([]),
      trusted: () => true,
      allowedCommands: () => [],
      alwaysAllowed: new Set(),
      askConsent: async () => 'deny',
      spawn: spawnProcess,
      commandTimeoutMs: 10_000,
      testTimeoutMs: 10_000,
      testCommandOverride: '',
      probe: nodeProbe,
      snapshot: { at: Date.now() - 1_000, text: async (p) => (p === 'm.ts' || p === 'n.ts' ? BASE : undefined) },
    });
    const box = createToolbox({ env, run: spawnProcess });
    const call = (name: string, args: unknown) => box.run(name, JSON.stringify(args), new AbortController().signal);
    return { folder, copy, call };
  }

  it('refuses once an edit of lines the user changed, showing their text; the same edit sent again lands on the snapshot', async () => {
    const { folder, copy, call } = setup();
    await call('read_file', { path: 'm.ts' });
    writeFileSync(join(folder, 'm.ts'), SAVED);
    const edit = { path: 'm.ts', edits: [{ search: 'const b = 2;', replace: 'const b = 5;' }] };
    const refused = await call('edit_file', edit);
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(/^"m\.ts" was saved by the user while you worked, and they changed the lines this edit changes\. Nothing was changed\./);
    expect(refused.output).toContain('At line 2 of their file the user has:\n```\nconst b = 20;\n```');
    expect(readFileSync(join(copy, 'm.ts'), 'utf8')).toBe(BASE);
    const again = await call('edit_file', edit);
    expect(again).toMatchObject({ ok: true, output: 'Edited m.ts: 1 change applied.' });
    // The copy keeps the snapshot as its base: the user's line is not taken into it.
    expect(readFileSync(join(copy, 'm.ts'), 'utf8')).toBe(BASE.replace('b = 2', 'b = 5'));
    expect(readFileSync(join(folder, 'm.ts'), 'utf8')).toBe(SAVED);
    // A later save is checked again.
    writeFileSync(join(folder, 'm.ts'), SAVED.replace('a = 1', 'a = 10'));
    const later = await call('edit_file', { path: 'm.ts', edits: [{ search: 'const a = 1;', replace: 'const a = 0;' }] });
    expect(later.ok).toBe(false);
    expect(later.output).toContain('const a = 10;');
  });

  it('applies an edit clear of the user\'s saved changes and tells the model of the save once', async () => {
    const { folder, copy, call } = setup();
    await call('read_file', { path: 'm.ts' });
    writeFileSync(join(folder, 'm.ts'), SAVED);
    const first = await call('edit_file', { path: 'm.ts', edits: [{ search: 'const d = 4;', replace: 'const d = 5;' }] });
    expect(first.ok).toBe(true);
    expect(first.output).toBe('Edited m.ts: 1 change applied.\nNote: the user saved "m.ts" while you worked; their changes do not touch the lines of this edit and are merged with yours when they review your work. Your copy still holds the text you started from.');
    expect(readFileSync(join(copy, 'm.ts'), 'utf8')).toBe(BASE.replace('d = 4', 'd = 5'));
    const second = await call('edit_file', { path: 'm.ts', edits: [{ search: 'const c = 3;', replace: 'const c = 6;' }] });
    expect(second.output).toBe('Edited m.ts: 1 change applied.');
  });

  it('checks nothing for a file the user did not save since the task began', async () => {
    const { folder, call } = setup();
    await call('read_file', { path: 'n.ts' });
    // Different text on disk, but written before the task began (an unsaved buffer the snapshot took instead).
    writeFileSync(join(folder, 'n.ts'), SAVED);
    utimesSync(join(folder, 'n.ts'), new Date(1_000), new Date(1_000));
    const r = await call('edit_file', { path: 'n.ts', edits: [{ search: 'const b = 2;', replace: 'const b = 5;' }] });
    expect(r).toMatchObject({ ok: true, output: 'Edited n.ts: 1 change applied.' });
  });
});
