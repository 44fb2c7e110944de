import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import { EditHistory } from '../../src/nextEdit/editHistory';
import { LineMirror } from '../../src/nextEdit/lineMirror';
import { MIN_PAUSE_MS, NextEditEngine, type ShownPrediction } from '../../src/nextEdit/nextEditEngine';
import { defaultTriggerTuning } from '../../src/nextEdit/nextEditTrigger';
import { PlainDocument } from '../../src/nextEdit/plainDocument';
import type { OffsetChange } from '../../src/nextEdit/typeThrough';
import { DebouncePolicy } from '../../src/time/debouncePolicy';
import { FakeClock } from '../support/fakeClock';
import { FakeModelClient } from '../support/fakeModelClient';

const TEXT = ['let count = 0;', 'count += 1;', 'log(count);', ''].join('\n');

function harness(options: { refusal?: string; functions?: { start: number; end: number }[] } = {}) {
  const clock = new FakeClock();
  const client = new FakeModelClient({ now: () => clock.now() });
  const doc = new PlainDocument(TEXT);
  const mirror = new LineMirror(TEXT);
  const history = new EditHistory();
  const shown: (ShownPrediction | 'hidden')[] = [];
  const samples: RequestSample[] = [];
  const warnings: string[] = [];
  const engine = new NextEditEngine({
    client: () => client,
    clock,
    debounce: new DebouncePolicy(() => null),
    history,
    view: { show: (p) => shown.push(p), hide: () => shown.push('hidden') },
    metrics: { record: (s) => samples.push(s) },
    log: { ...silentLogger, warn: (m: string) => warnings.push(m) },
    refusal: () => options.refusal,
    ...(options.functions ? { functions: () => options.functions! } : {}),
  });
  /** Applies a change as the editor would report it, recording it in the history first. */
  const edit = (change: OffsetChange) => {
    const start = doc.positionAt(change.offset);
    const end = doc.positionAt(change.offset + change.length);
    history.record(doc.key, mirror.apply({ startLine: start.line, startCharacter: start.character, endLine: end.line, endCharacter: end.character, text: change.text }), clock.now());
    doc.apply(change);
    engine.changed(doc, [change]);
  };
  return { clock, client, doc, engine, edit, shown, samples, warnings };
}

describe('NextEditEngine', () => {
  it('after a rename and a pause, asks once and offers the next occurrences one after the other', async () => {
    const h = harness();
    h.edit({ offset: 4, length: 5, text: 'total' });
    await h.clock.advance(MIN_PAUSE_MS - 1);
    expect(h.client.streams).toHaveLength(0);
    await h.clock.advance(1);
    expect(h.client.streams).toHaveLength(1);
    const prompt = h.client.last.request.input[0].content;
    expect(prompt).toContain('-let count = 0;\n+let total = 0;');
    expect(prompt).toContain('let total<|user_cursor_is_here|> = 0;');
    h.client.last.push(TEXT.replaceAll('count', 'total'));
    h.client.last.end();
    await h.clock.advance(0);
    const first = h.engine.shown()!;
    expect(first).toMatchObject({ kind: 'inline', edit: { offset: 15, oldText: 'count', newText: 'total' }, following: 1 });
    expect(h.samples.map((s) => [s.surface, s.outcome])).toEqual([['next-edit', 'used']]);

    // Accepting (one replacement of the shown text) offers the next one without a request.
    h.edit({ offset: 15, length: 5, text: 'total' });
    expect(h.engine.shown()).toMatchObject({ edit: { offset: 31, oldText: 'count', newText: 'total' }, following: 0 });
    h.edit({ offset: 31, length: 5, text: 'total' });
    expect(h.engine.shown()).toBeUndefined();
    expect(h.doc.getText()).toBe(TEXT.replaceAll('count', 'total'));
    expect(h.client.streams).toHaveLength(1);
    // Undoing the accept asks for nothing new.
    const undo = { offset: 31, length: 5, text: 'count' };
    h.doc.apply(undo);
    h.engine.changed(h.doc, [undo], true);
    await h.clock.advance(1000);
    expect(h.client.streams).toHaveLength(1);
  });

  it('cuts the window at the function boundaries the parser found, a neighbour not in half', async () => {
    const h = harness({ functions: [{ start: 1, end: 3 }] });
    h.edit({ offset: 4, length: 5, text: 'total' });
    await h.clock.advance(MIN_PAUSE_MS);
    expect(h.client.last.request.input[0].content).toContain('Code around the cursor (lines 1-4):');
    const cut = harness({ functions: [{ start: 2, end: 6 }] });
    cut.edit({ offset: 4, length: 5, text: 'total' });
    await cut.clock.advance(MIN_PAUSE_MS);
    expect(cut.client.last.request.input[0].content).toContain('Code around the cursor (lines 1-2):');
  });

  it('typing that agrees keeps the prediction with no request; typing that disagrees withdraws it and cancels', async () => {
    const h = harness();
    h.edit({ offset: 4, length: 5, text: 'total' });
    await h.clock.advance(MIN_PAUSE_MS);
    h.client.last.push(TEXT.replaceAll('count', 'total'));
    h.client.last.end();
    await h.clock.advance(0);
    h.edit({ offset: 15, length: 0, text: 't' });
    expect(h.engine.shown()).toMatchObject({ edit: { offset: 16, oldText: 'count', newText: 'otal' } });
    expect(h.engine.stats).toMatchObject({ shown: 1, typedThrough: 1, requests: 1 });
    h.edit({ offset: 16, length: 0, text: 'x' });
    expect(h.engine.shown()).toBeUndefined();
    expect(h.shown[h.shown.length - 1]).toBe('hidden');
    await h.clock.advance(MIN_PAUSE_MS);
    expect(h.client.streams).toHaveLength(2);
    h.edit({ offset: 17, length: 0, text: 'y' });
    expect(h.client.streams[1].cancelled).toBe(true);
  });

  it('drops a reply that does not line up with the window, and sends nothing for a refused file', async () => {
    const h = harness();
    h.edit({ offset: 4, length: 5, text: 'total' });
    await h.clock.advance(MIN_PAUSE_MS);
    h.client.last.push('import x from "y";\nsomething else\nentirely\nnew\nhere\n');
    h.client.last.end();
    await h.clock.advance(0);
    expect(h.engine.shown()).toBeUndefined();
    expect(h.engine.stats.dropped).toBe(1);
    expect(h.warnings[0]).toMatch(/reply dropped, it does not line up with lines 1-4 of src\/file.ts: keeps only/);
    expect(h.samples.map((s) => s.outcome)).toEqual(['failed']);

    const refused = harness({ refusal: 'denied' });
    refused.edit({ offset: 4, length: 5, text: 'total' });
    await refused.clock.advance(1000);
    expect(refused.client.streams).toHaveLength(0);
  });

  it('a change elsewhere withdraws the shown prediction; ghost text shown takes precedence', async () => {
    const h = harness();
    h.edit({ offset: 4, length: 5, text: 'total' });
    await h.clock.advance(MIN_PAUSE_MS);
    h.client.last.push(TEXT.replaceAll('count', 'total'));
    h.client.last.end();
    await h.clock.advance(0);
    expect(h.engine.shown()).toBeDefined();
    h.engine.ghostTextShown(h.doc.key, h.doc.version);
    expect(h.engine.shown()).toBeUndefined();
    h.edit({ offset: 0, length: 0, text: '\n' });
    await h.clock.advance(MIN_PAUSE_MS);
    h.engine.ghostTextShown(h.doc.key, h.doc.version);
    h.client.last.push(`\n${TEXT.replaceAll('count', 'total')}`);
    h.client.last.end();
    await h.clock.advance(0);
    expect(h.engine.shown()).toBeUndefined();
  });
});

describe('NextEditEngine offering order', () => {
  it('offers a far edit as a jump; after the jump it is drawn in place; Escape clears the queue', async () => {
    const clock = new FakeClock();
    const client = new FakeModelClient({ now: () => clock.now() });
    const text = ['function greet(name) {', '  return name;', '}', '', "greet('Ada');", "greet('Bo');", ''].join('\n');
    const doc = new PlainDocument(text);
    const mirror = new LineMirror(text);
    const history = new EditHistory();
    const engine = new NextEditEngine({
      client: () => client,
      clock,
      debounce: new DebouncePolicy(() => null),
      history,
      view: { show: () => {}, hide: () => {} },
      metrics: { record: () => {} },
      log: silentLogger,
      refusal: () => undefined,
    });
    const change = { offset: 19, length: 0, text: ', p' };
    history.record(doc.key, mirror.apply({ startLine: 0, startCharacter: 19, endLine: 0, endCharacter: 19, text: ', p' }), clock.now());
    doc.apply(change);
    engine.changed(doc, [change]);
    await clock.advance(MIN_PAUSE_MS);
    client.last.push(doc.getText().replace("'Ada')", "'Ada', 1)").replace("'Bo')", "'Bo', 1)"));
    client.last.end();
    await clock.advance(0);
    expect(engine.shown()).toMatchObject({ kind: 'jump', start: { line: 4, character: 11 }, edit: { oldText: '', newText: ', 1' }, following: 1 });
    doc.moveCursor({ line: 4, character: 11 });
    engine.jumped(doc);
    expect(engine.shown()?.kind).toBe('inline');
    engine.dismiss();
    expect(engine.shown()).toBeUndefined();
    await clock.advance(1000);
    expect(client.streams).toHaveLength(1);
  });
});

describe('NextEditEngine and ghost text', () => {
  it('an insertion at the cursor is handed to the ghost-text provider, at that offset only', async () => {
    const h = harness();
    // The user starts a call on a new last line; the prediction completes it at the cursor.
    h.edit({ offset: TEXT.length, length: 0, text: 'log(' });
    // New code at the end of a line: asked about after a real pause.
    await h.clock.advance(defaultTriggerTuning.appendPauseMs);
    h.client.last.push(`${TEXT}log(count);\n`);
    h.client.last.end();
    await h.clock.advance(0);
    expect(h.engine.shown()).toMatchObject({ kind: 'ghost' });
    const cursor = TEXT.length + 4;
    expect(h.engine.ghostAt(h.doc.key, cursor)).toBe('count);');
    expect(h.engine.ghostAt(h.doc.key, cursor - 1)).toBeUndefined();
    expect(h.engine.ghostAt('other', cursor)).toBeUndefined();
    // Typing into it moves it along, as ghost text does.
    h.edit({ offset: cursor, length: 0, text: 'c' });
    expect(h.engine.ghostAt(h.doc.key, cursor + 1)).toBe('ount);');
  });
});

describe('NextEditEngine asks only when a next edit is plausible', () => {
  /** Types `text` at the end of the document, one key every `gapMs`. */
  async function typeAtEnd(h: ReturnType<typeof harness>, text: string, gapMs: number) {
    for (const ch of text) {
      h.edit({ offset: h.doc.getText().length, length: 0, text: ch });
      await h.clock.advance(gapMs);
    }
  }

  it('new code typed at the end of a line faster than a pause asks nothing; the pause asks once', async () => {
    const h = harness();
    await typeAtEnd(h, 'const next = count + 1;', 90);
    expect(h.client.streams).toHaveLength(0);
    await h.clock.advance(defaultTriggerTuning.appendPauseMs);
    expect(h.client.streams).toHaveLength(1);
    await h.clock.advance(5000);
    expect(h.client.streams).toHaveLength(1);
  });

  it('a change to existing code asks after a gap longer than the typist\'s, once the keys stop', async () => {
    const h = harness();
    // Teach the typist's rhythm: 100 ms between keys.
    await typeAtEnd(h, '//abcdef', 100);
    const before = h.client.streams.length;
    // Rename `count` on line 2 key by key, 100 ms apart: no pause inside the word.
    for (let i = 0; i < 5; i++) {
      h.edit({ offset: 15 + 4 - i, length: 1, text: '' });
      await h.clock.advance(100);
    }
    for (const [i, ch] of [...'total'].entries()) {
      h.edit({ offset: 15 + i, length: 0, text: ch });
      if (i < 4) await h.clock.advance(100);
    }
    expect(h.client.streams).toHaveLength(before);
    await h.clock.advance(149);
    expect(h.client.streams).toHaveLength(before);
    await h.clock.advance(1);
    expect(h.client.streams).toHaveLength(before + 1);
  });

  it('a cursor move after an edit asks at the new line once it settles; moving again asks nothing more', async () => {
    const h = harness();
    h.edit({ offset: h.doc.getText().length, length: 0, text: 'x' });
    // The selection the edit itself made is not a move.
    h.engine.moved(h.doc);
    await h.clock.advance(MIN_PAUSE_MS);
    expect(h.client.streams).toHaveLength(0);
    h.doc.moveCursor({ line: 0, character: 3 });
    h.engine.moved(h.doc);
    await h.clock.advance(MIN_PAUSE_MS);
    expect(h.client.streams).toHaveLength(1);
    expect(h.client.last.request.input[0].content).toContain('let<|user_cursor_is_here|> count = 0;');
    h.client.last.end();
    await h.clock.advance(0);
    h.doc.moveCursor({ line: 1, character: 0 });
    h.engine.moved(h.doc);
    await h.clock.advance(1000);
    expect(h.client.streams).toHaveLength(1);
  });

  it("a cursor report within the edited line, from an earlier key, does not cancel the edit's pause", async () => {
    const h = harness();
    h.edit({ offset: 15, length: 0, text: 'a' });
    const early = h.doc.offsetAt(h.doc.cursor());
    h.edit({ offset: 16, length: 0, text: 'b' });
    // A busy editor reports the first key's cursor after the second key's change.
    h.doc.moveCursor(h.doc.positionAt(early));
    h.engine.moved(h.doc);
    h.doc.moveCursor(h.doc.positionAt(17));
    h.engine.moved(h.doc);
    await h.clock.advance(1000);
    expect(h.client.streams).toHaveLength(1);
  });

  it('while ghost text is shown and typed through, nothing is asked', async () => {
    const h = harness();
    for (const ch of 'log(count') {
      h.edit({ offset: h.doc.getText().length, length: 0, text: ch });
      // The ghost-text provider shows a suggestion for every state the user types through.
      h.engine.ghostTextShown(h.doc.key, h.doc.version);
      await h.clock.advance(300);
    }
    await h.clock.advance(2000);
    expect(h.client.streams).toHaveLength(0);
  });

  it('after a prediction of no edit, more new code in the same region asks nothing for the cool-down', async () => {
    const h = harness();
    await typeAtEnd(h, 'a', 0);
    await h.clock.advance(defaultTriggerTuning.appendPauseMs);
    expect(h.client.streams).toHaveLength(1);
    h.client.last.push(h.doc.getText());
    h.client.last.end();
    await h.clock.advance(0);
    expect(h.engine.stats.empty).toBe(1);
    await typeAtEnd(h, 'bc', 90);
    await h.clock.advance(defaultTriggerTuning.appendPauseMs);
    expect(h.client.streams).toHaveLength(1);
    // A change to code already there is a new signal.
    h.edit({ offset: 4, length: 5, text: 'total' });
    await h.clock.advance(MIN_PAUSE_MS);
    expect(h.client.streams).toHaveLength(2);
  });
});

describe('NextEditEngine: a rejection and a click elsewhere', () => {
  /** A rename of `count` on the first line, and the prediction that offers its next occurrence (line 2). */
  async function shownRename(h: ReturnType<typeof harness>) {
    h.edit({ offset: 4, length: 5, text: 'total' });
    await h.clock.advance(MIN_PAUSE_MS);
    h.client.last.push(TEXT.replaceAll('count', 'total'));
    h.client.last.end();
    await h.clock.advance(0);
  }

  it('a prediction rejected with Escape is not offered again on its lines for 5 s, then it is', async () => {
    const h = harness();
    await shownRename(h);
    expect(h.engine.shown()).toMatchObject({ start: { line: 1 } });
    h.engine.reject();
    expect(h.engine.shown()).toBeUndefined();
    // The user types on the first line again: the model predicts the same edit, which stays unshown.
    h.edit({ offset: 9, length: 0, text: 'x' });
    h.edit({ offset: 9, length: 1, text: '' });
    await h.clock.advance(MIN_PAUSE_MS);
    expect(h.client.streams).toHaveLength(2);
    h.client.last.push(TEXT.replaceAll('count', 'total'));
    h.client.last.end();
    await h.clock.advance(0);
    // The occurrence on the rejected line is skipped; the one on another line is offered.
    expect(h.engine.stats.cooledDown).toBe(1);
    expect(h.engine.shown()).toMatchObject({ start: { line: 2 }, following: 0 });
    h.engine.dismiss();
    // Past the cool-down the same edit is offered again.
    await h.clock.advance(defaultTriggerTuning.rejectedMs);
    h.edit({ offset: 9, length: 0, text: 'x' });
    h.edit({ offset: 9, length: 1, text: '' });
    await h.clock.advance(MIN_PAUSE_MS);
    h.client.last.push(TEXT.replaceAll('count', 'total'));
    h.client.last.end();
    await h.clock.advance(0);
    expect(h.engine.shown()).toMatchObject({ start: { line: 1 }, edit: { oldText: 'count', newText: 'total' } });
  });

  it('a click away from a shown prediction dismisses it; a click on its line keeps it; dismissing is no rejection', async () => {
    const h = harness();
    await shownRename(h);
    h.doc.moveCursor({ line: 1, character: 3 });
    h.engine.clicked(h.doc);
    expect(h.engine.shown()).toBeDefined();
    h.doc.moveCursor({ line: 3, character: 0 });
    h.engine.clicked(h.doc);
    expect(h.engine.shown()).toBeUndefined();
    // Not a rejection: the next prediction for those lines shows at once.
    h.edit({ offset: 9, length: 0, text: 'x' });
    h.edit({ offset: 9, length: 1, text: '' });
    await h.clock.advance(MIN_PAUSE_MS);
    h.client.last.push(TEXT.replaceAll('count', 'total'));
    h.client.last.end();
    await h.clock.advance(0);
    expect(h.engine.shown()).toMatchObject({ start: { line: 1 } });
  });
});
