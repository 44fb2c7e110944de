import { describe, expect, it } from 'vitest';
import { EDIT_INSTRUCTIONS } from '../../src/rewrite/editPrompt';
import { ModelError } from '../../src/transport/modelError';
import { chunks, goldenCases } from './goldenCases';
import { harness, originalStillThere } from './sessionHarness';

describe('EditSession on golden cases', () => {
  it.each(goldenCases.map((c) => [c.name, c] as const))('%s: streams, accepts in one undo step', async (_, c) => {
    const h = harness(c.document, c.region[0], c.region[1]);
    h.session.start('rewrite it');
    await h.drain();
    for (const piece of chunks(c.reply)) {
      h.fast.last.push(piece);
      await h.drain();
      // While streaming, the original lines are all still in the document around the new ones.
      expect(originalStillThere(h, c.document)).toBe(true);
    }
    h.fast.last.end();
    await h.drain();
    expect(h.session.state).toBe('review');
    expect(await h.session.accept()).toBe(true);
    expect(h.doc.text).toBe(c.expectedDocument);
    expect(h.doc.view).toBeNull();
    // Exactly one undo step, and it restores the original.
    expect(h.doc.undoStack.length).toBe(c.expectedDocument === c.document ? 0 : 1);
    h.doc.undo();
    expect(h.doc.text).toBe(c.document);
  });

  it.each(goldenCases.map((c) => [c.name, c] as const))('%s: reject restores every byte with no undo step left', async (_, c) => {
    const h = harness(c.document, c.region[0], c.region[1]);
    h.session.start('rewrite it');
    h.fast.last.push(...chunks(c.reply));
    h.fast.last.end();
    await h.drain();
    expect(await h.session.reject()).toBe(true);
    expect(h.session.state).toBe('rejected');
    expect(h.doc.text).toBe(c.document);
    expect(h.doc.undoStack).toEqual([]);
  });
});

describe('EditSession streaming', () => {
  const file = ['function f() {', '  return 1;', '}', ''].join('\n');

  it('applies at most one update per frame however fast tokens arrive', async () => {
    const h = harness(file, 0, 3);
    h.session.start('make it long');
    await h.drain();
    const s = h.fast.last;
    // 400 lines arriving within 5 ms of clock time.
    for (let i = 0; i < 400; i++) {
      s.push(`  line${i}();\n`);
      if (i % 80 === 0) h.timers.time += 1;
    }
    await h.drain();
    const elapsed = h.timers.time;
    expect(h.doc.applyCalls).toBeGreaterThan(0);
    expect(h.doc.applyCalls).toBeLessThanOrEqual(1 + Math.ceil(elapsed / 16));
    expect(h.doc.lines.filter((l) => l.startsWith('  line')).length).toBe(400);
  });

  it('keeps the document right when tokens arrive while an update is being applied', async () => {
    for (const c of goldenCases) {
      const h = harness(c.document, c.region[0], c.region[1]);
      h.doc.slow = true;
      h.session.start('x');
      for (const piece of chunks(c.reply)) {
        h.fast.last.push(piece);
        // Fire the frame timer, then keep feeding while its edit is still on its way.
        h.timers.runNext();
        await Promise.resolve();
      }
      await h.drain();
      expect(originalStillThere(h, c.document)).toBe(true);
      h.fast.last.end();
      await h.drain();
      await h.session.accept();
      expect(h.doc.text).toBe(c.expectedDocument);
    }
  });

  it('shows the line being written unless it is retyping the next original line', async () => {
    const h = harness(file, 0, 3);
    h.session.start('x');
    h.fast.last.push('function f() {\n  ret');
    await h.drain();
    expect(h.doc.view?.partial).toEqual([]);
    h.fast.last.push('urn 2;');
    await h.drain();
    expect(h.doc.view?.partial).toEqual([{ start: 1, count: 1 }]);
    expect(h.doc.lines[1]).toBe('  return 2;');
    expect(originalStillThere(h, file)).toBe(true);
  });

  it('routes the request and tells which model ran and why', async () => {
    const h = harness(file, 0, 3);
    h.session.start('/deep rename f to g');
    expect(h.routed).toEqual([expect.objectContaining({ surface: 'edit', text: '/deep rename f to g', files: ['src/a.ts'] })]);
    expect(h.routed[0].tokenEstimate).toBeGreaterThan(10);
    expect(h.full.streams).toHaveLength(1);
    expect(h.fast.streams).toHaveLength(0);
    expect(h.session.info).toMatchObject({ source: 'full', model: 'full-model', reasons: ['forced by /deep'] });
    expect(h.session.instruction).toBe('rename f to g');
    const request = h.full.last.request;
    expect(request.instructions).toBe(EDIT_INSTRUCTIONS);
    expect(request.input[0].content).toContain('Instruction: rename f to g');
    expect(request.input[0].content).toContain('<region>\nfunction f() {\n  return 1;\n}\n</region>');
    h.full.last.push('function g() {\n  return 1;\n}\n');
    h.full.last.end();
    await h.drain();
    expect(h.samples).toEqual([expect.objectContaining({ surface: 'edit', route: 'full', outcome: 'used' })]);
  });

  it('rewrites with the fast model, saying why, when the full model fails before any text', async () => {
    const h = harness(file, 0, 3);
    h.session.start('/deep rename f to g');
    h.full.last.end('failed', { error: new ModelError('network', 'Cannot reach https://api.openai.com/v1') });
    await h.drain();
    expect(h.fast.streams).toHaveLength(1);
    expect(h.fast.last.request.input).toEqual(h.full.last.request.input);
    expect(h.session.info).toMatchObject({
      source: 'fast',
      model: 'fast-model',
      reasons: ['full model unavailable (cannot reach it): ran on the fast model', 'forced by /deep'],
    });
    h.fast.last.push('function g() {\n  return 1;\n}\n');
    h.fast.last.end();
    await h.drain();
    expect(h.session.state).toBe('review');
    expect(h.samples).toEqual([expect.objectContaining({ surface: 'edit', route: 'fast', outcome: 'used' })]);
    expect(await h.session.accept()).toBe(true);
    expect(h.doc.text).toBe(file.replace('function f()', 'function g()'));
  });

  it('sends the other files the instruction names, fitted into the model\'s context, and keeps them for a redirect', async () => {
    const h = harness(file, 0, 3);
    const types = 'export interface Shape { area(): number }';
    const huge = Array.from({ length: 50_000 }, (_, i) => `export const c${i} = ${i}; // forty characters of filler...`).join('\n');
    h.session.start('/deep make f match src/types.ts and src/consts.ts', undefined, [
      { path: 'src/types.ts', text: types },
      { path: 'src/consts.ts', text: huge },
    ]);
    const content = h.full.last.request.input[0].content;
    expect(content).toContain(`Another file the instruction refers to (context only): src/types.ts\n<file>\n${types}\n</file>`);
    expect(content).toContain('export const c0 = 0;');
    expect(content).not.toContain('export const c49999 =');
    expect(content.length / 4).toBeLessThan(400_000);
    expect(h.session.info.reasons).toEqual(['forced by /deep', expect.stringMatching(/^left out to fit the context: src\/consts\.ts lines \d+-50000$/)]);
    h.session.redirect('/deep also rename f to g');
    expect(h.full.last.request.input[0].content).toContain('src/types.ts\n<file>\n');
  });

  it('stops at a closing fence and cancels the rest of the reply', async () => {
    const h = harness(file, 0, 3);
    h.session.start('x');
    h.fast.last.push('```ts\nfunction f() {\n  return 3;\n}\n```\nThis returns 3 now.');
    await h.drain();
    expect(h.fast.last.cancelled).toBe(true);
    expect(h.session.state).toBe('review');
    await h.session.accept();
    expect(h.doc.text).toBe('function f() {\n  return 3;\n}\n');
  });

  it('keeps the rest of the original when the model hits its output limit', async () => {
    const h = harness(file, 0, 3);
    h.session.start('x');
    h.fast.last.push('function f() {\n  const x = 4;\n  // more');
    h.fast.last.end('incomplete');
    await h.drain();
    expect(h.session.info.note).toMatch(/output limit/);
    await h.session.accept();
    // The unfinished line is dropped; the original lines not reached follow the generated ones.
    expect(h.doc.text).toBe('function f() {\n  const x = 4;\n  return 1;\n}\n');
  });
});
