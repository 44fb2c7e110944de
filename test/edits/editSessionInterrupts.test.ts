import { describe, expect, it } from 'vitest';
import { harness, originalStillThere } from './sessionHarness';

const file = ['// header', 'function f(a) {', '  return a + 1;', '}', '// footer', ''].join('\n');

describe('EditSession interrupt and redirect', () => {
  it('redirect stops the running generation at once and restarts with the partial output as context', async () => {
    const h = harness(file, 1, 4);
    h.session.start('add logging');
    h.fast.last.push('function f(a) {\n  console.log(a);\n  cons');
    await h.drain();
    const first = h.fast.last;
    expect(h.doc.text).toContain('console.log(a);');

    h.session.redirect('double the result instead');
    expect(first.cancelled).toBe(true);
    expect(h.fast.streams).toHaveLength(2);
    const content = h.fast.last.request.input[0].content;
    expect(content).toContain('Instruction: double the result instead');
    expect(content).toContain('earlier rewrite for the instruction "add logging"');
    expect(content).toContain('<earlier>\nfunction f(a) {\n  console.log(a);\n  cons\n</earlier>');
    expect(h.session.instruction).toBe('double the result instead');

    // Late deltas of the cancelled generation are ignored.
    first.push('ole.log("late");\n');
    h.fast.last.push('function f(a) {\n  return (a + 1) * 2;\n}\n');
    await h.drain();
    expect(h.doc.text).not.toContain('late');
    expect(h.doc.text).not.toContain('console.log');
    expect(originalStillThere(h, file)).toBe(true);
    h.fast.last.end();
    await h.drain();
    expect(h.samples.map((s) => s.outcome)).toEqual(['abandoned', 'used']);

    await h.session.accept();
    expect(h.doc.text).toBe(['// header', 'function f(a) {', '  return (a + 1) * 2;', '}', '// footer', ''].join('\n'));
    expect(h.doc.undoStack).toHaveLength(1);
    h.doc.undo();
    expect(h.doc.text).toBe(file);
  });

  it('redirect after the rewrite settled starts again from the original', async () => {
    const h = harness(file, 1, 4);
    h.session.start('first');
    h.fast.last.push('function f(a) {\n  return a + 2;\n}\n');
    h.fast.last.end();
    await h.drain();
    h.session.redirect('second');
    expect(h.fast.last.request.input[0].content).toContain('return a + 2;');
    h.fast.last.push('function f(a) {\n  return a + 3;\n}\n');
    h.fast.last.end();
    await h.drain();
    await h.session.reject();
    expect(h.doc.text).toBe(file);
    expect(h.doc.undoStack).toEqual([]);
  });

  it('stop keeps the partial result for accept: generated lines, then the rest of the original', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(b) {\n  retu');
    await h.drain();
    await h.session.stop();
    expect(h.fast.last.cancelled).toBe(true);
    expect(h.session.state).toBe('review');
    expect(h.doc.view?.partial).toEqual([]);
    expect(h.doc.view?.pending).toEqual([]);
    await h.session.accept();
    expect(h.doc.text).toBe(['// header', 'function f(b) {', '  return a + 1;', '}', '// footer', ''].join('\n'));
  });

  it('stop then reject restores the original', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function g() {\n');
    await h.drain();
    await h.session.stop();
    await h.session.reject();
    expect(h.doc.text).toBe(file);
    expect(h.doc.undoStack).toEqual([]);
  });
});

describe('EditSession robustness', () => {
  it('a failure mid-stream restores the original and reports the error', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  added();\n');
    await h.drain();
    expect(h.doc.text).not.toBe(file);
    h.fast.last.fail('socket closed');
    await h.drain();
    expect(h.session.state).toBe('failed');
    expect(h.session.info.error?.code).toBe('network');
    expect(h.session.info.note).toBe('socket closed');
    expect(h.doc.text).toBe(file);
    expect(h.doc.undoStack).toEqual([]);
    expect(h.doc.view).toBeNull();
    expect(h.samples.map((s) => s.outcome)).toEqual(['failed']);
  });

  it('a failure whose restore the editor refuses still takes the preview out', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  added();\n');
    await h.drain();
    // A change elsewhere: the restore uses edits, and the first one is refused.
    await h.session.documentChanged([h.doc.userEdit({ startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 0, text: '// top\n' })], false);
    h.doc.refuseNext = true;
    h.fast.last.fail('socket closed');
    await h.drain();
    expect(h.session.state).toBe('failed');
    expect(h.session.info.note).toBe('socket closed');
    expect(h.doc.text).toBe(`// top\n${file}`);
  });

  it('a failure before the first token leaves the document untouched', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.fail();
    await h.drain();
    expect(h.session.state).toBe('failed');
    expect(h.doc.applyCalls).toBe(0);
    expect(h.doc.text).toBe(file);
  });

  it('follows the region when lines are inserted above it while streaming', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  one();\n');
    await h.drain();
    await h.session.documentChanged([h.doc.userEdit({ startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 0, text: 'import x;\nimport y;\n' })], false);
    expect(h.session.startLine).toBe(3);
    h.fast.last.push('  two();\n}\n');
    h.fast.last.end();
    await h.drain();
    await h.session.accept();
    expect(h.doc.text).toBe(['import x;', 'import y;', '// header', 'function f(a) {', '  one();', '  two();', '}', '// footer', ''].join('\n'));
  });

  it('after a change elsewhere, reject restores the region with edits instead of undo', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  one();\n}\n');
    h.fast.last.end();
    await h.drain();
    const footer = h.doc.lines.indexOf('// footer');
    expect(footer).toBeGreaterThan(4);
    await h.session.documentChanged([h.doc.userEdit({ startLine: footer, startCharacter: 9, endLine: footer, endCharacter: 9, text: '!' })], false);
    await h.session.reject();
    expect(h.doc.restoredViaUndo).toBe(false);
    expect(h.doc.text).toBe(file.replace('// footer', '// footer!'));
  });

  it('an edit inside the region cancels, removes the untouched preview lines and keeps the typing', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  one();\n  two();\n');
    await h.drain();
    const twoAt = h.doc.lines.indexOf('  two();');
    await h.session.documentChanged([h.doc.userEdit({ startLine: twoAt, startCharacter: 2, endLine: twoAt, endCharacter: 2, text: 'typed ' })], false);
    expect(h.session.state).toBe('cancelled');
    expect(h.session.info.note).toMatch(/changed/);
    expect(h.fast.last.cancelled).toBe(true);
    await h.drain();
    expect(h.doc.text).toBe(['// header', 'function f(a) {', '  typed two();', '  return a + 1;', '}', '// footer', ''].join('\n'));
    expect(h.doc.view).toBeNull();
  });

  it('keeps removing the preview lines while the user keeps typing in the region', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  one();\n  two();\n  thr');
    await h.drain();
    const twoAt = h.doc.lines.indexOf('  two();');
    // The first removal is refused: the next keystroke got to the editor first.
    h.doc.refuseNext = true;
    const first = h.session.documentChanged([h.doc.userEdit({ startLine: twoAt, startCharacter: 8, endLine: twoAt, endCharacter: 8, text: ' /' })], false);
    await first;
    expect(h.session.settled).toBe(false);
    await h.session.documentChanged([h.doc.userEdit({ startLine: twoAt, startCharacter: 10, endLine: twoAt, endCharacter: 10, text: '/ mine\nnext' })], false);
    await h.drain();
    expect(h.session.state).toBe('cancelled');
    expect(h.doc.text).toBe(['// header', 'function f(a) {', '  two(); // mine', 'next', '  return a + 1;', '}', '// footer', ''].join('\n'));
    // Commands are refused while the cancel is under way, and after it.
    expect(await h.session.accept()).toBe(false);
  });

  it('takes a multi-change event in any order (positions are from before the event)', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  one();\n  two();\n');
    await h.drain();
    const twoAt = h.doc.lines.indexOf('  two();');
    const above = { startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 0, text: 'import z;\n' };
    const inside = { startLine: twoAt, startCharacter: 2, endLine: twoAt, endCharacter: 2, text: 'typed ' };
    // Applied bottom up, as the editor does; reported top down.
    h.doc.userEdit(inside);
    h.doc.userEdit(above);
    await h.session.documentChanged([above, inside], false);
    await h.drain();
    expect(h.session.state).toBe('cancelled');
    expect(h.doc.text).toBe(['import z;', '// header', 'function f(a) {', '  typed two();', '  return a + 1;', '}', '// footer', ''].join('\n'));
  });

  it('an undo reaching into the region ends the edit without touching the document again', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function g() {\n');
    await h.drain();
    const calls = h.doc.applyCalls;
    h.doc.undo();
    expect(h.doc.text).toBe(file);
    await h.session.documentChanged([{ startLine: 1, startCharacter: 0, endLine: 2, endCharacter: 0, text: '' }], true);
    await h.drain();
    expect(h.session.state).toBe('cancelled');
    expect(h.doc.applyCalls).toBe(calls);
    expect(h.doc.text).toBe(file);
  });

  it('ends with a message when the editor is read-only, instead of retrying', async () => {
    const h = harness(file, 1, 4);
    h.doc.readOnly = true;
    h.session.start('x');
    h.fast.last.push('function g() {\n');
    await h.drain();
    expect(h.session.state).toBe('failed');
    expect(h.session.info.note).toMatch(/read-only/);
    expect(h.fast.last.cancelled).toBe(true);
    expect(h.doc.text).toBe(file);
  });

  it('plans a refused update again on the next frame', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.doc.refuseNext = true;
    h.fast.last.push('function f(a) {\n  extra();\n');
    await h.drain();
    expect(h.doc.text).toBe(file);
    h.fast.last.push('  more();\n');
    await h.drain();
    expect(h.doc.text).toContain('  extra();\n  more();');
    expect(originalStillThere(h, file)).toBe(true);
  });

  it('closing the document cancels without edits', async () => {
    const h = harness(file, 1, 4);
    h.session.start('x');
    h.fast.last.push('function f(a) {\n  x();\n');
    await h.drain();
    const calls = h.doc.applyCalls;
    h.session.cancel('the document was closed');
    h.fast.last.push('  y();\n');
    await h.drain();
    expect(h.session.state).toBe('cancelled');
    expect(h.fast.last.cancelled).toBe(true);
    expect(h.doc.applyCalls).toBe(calls);
  });

  it('shows a given text as a pending edit (apply to file)', async () => {
    const h = harness(file, 0, 5);
    await h.session.showText('// header\nfunction f(a) {\n  return a;\n}\n// footer\n', 'from chat');
    expect(h.session.state).toBe('review');
    expect(h.session.info).toMatchObject({ source: 'given', reasons: ['from chat'] });
    expect(h.doc.view?.removed).toEqual([{ start: 2, count: 1 }]);
    expect(h.doc.view?.added).toEqual([{ start: 3, count: 1 }]);
    await h.session.accept();
    expect(h.doc.text).toBe('// header\nfunction f(a) {\n  return a;\n}\n// footer\n');
    expect(h.fast.streams).toHaveLength(0);
  });
});
