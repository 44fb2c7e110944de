import { describe, expect, it, vi } from 'vitest';
import { hostReplied } from '../../support/fakeClock';
import { engineHarness, request } from '../engineHarness';
import { takeEntries } from './fileEntries';

// Every file of the ghost-text line, counted (see fileEntries.ts).
const { counted } = vi.hoisted(() => ({
  counted: (file: string) => async (original: () => Promise<Record<string, unknown>>) => (await import('./fileEntries')).countedModule(await original(), file),
}));
vi.mock('../../../src/completions/completionCache', counted('completionCache'));
vi.mock('../../../src/completions/completionEntry', counted('completionEntry'));
vi.mock('../../../src/completions/completionRequests', counted('completionRequests'));
vi.mock('../../../src/completions/continuedSuggestion', counted('continuedSuggestion'));
vi.mock('../../../src/completions/cursorPlace', counted('cursorPlace'));
vi.mock('../../../src/completions/entrySuggestion', counted('entrySuggestion'));
vi.mock('../../../src/completions/shownSuggestion', counted('shownSuggestion'));
vi.mock('../../../src/completions/pipeline/askModel', counted('pipeline/askModel'));
vi.mock('../../../src/completions/pipeline/debounce', counted('pipeline/debounce'));
vi.mock('../../../src/completions/pipeline/look', counted('pipeline/look'));
vi.mock('../../../src/completions/pipeline/reuseInFlight', counted('pipeline/reuseInFlight'));
vi.mock('../../../src/completions/pipeline/reuseKept', counted('pipeline/reuseKept'));
vi.mock('../../../src/completions/pipeline/serve', counted('pipeline/serve'));
vi.mock('../../../src/completions/pipeline/waitForSuggestion', counted('pipeline/waitForSuggestion'));

const LINE = '  const total = ';
const SUFFIX = '\n}\n';
const atMostTwice = (entries: Record<string, number>) => Object.entries(entries).filter(([, n]) => n > 2);

/** Waits out the debounce as the editor's clock would run it, a frame at a time. */
async function pause(h: ReturnType<typeof engineHarness>): Promise<void> {
  for (let i = 0; i < 10; i++) await h.clock.advance(50);
}

/** A first keystroke whose request is streaming; the editor drops its ask when the next key comes. */
async function streaming(h: ReturnType<typeof engineHarness>, first: string): Promise<void> {
  const editor = new AbortController();
  void h.engine.provide(request(LINE, SUFFIX, { signal: editor.signal }));
  await pause(h);
  h.client.last.push(first);
  await hostReplied();
  editor.abort();
  await hostReplied();
  takeEntries();
}

describe('A keystroke that asks the model enters each file of the line at most twice', () => {
  it('after a pause, with a request the typing left still running', async () => {
    const h = engineHarness({ debounceMs: 50 });
    await streaming(h, 'items');
    // Typed away from the running answer: it is left, and this keystroke asks anew after the pause.
    const typed = h.engine.provide(request(`${LINE}x`, SUFFIX));
    await pause(h);
    expect(h.client.streams).toHaveLength(2);
    expect(h.client.streams[0].cancelled).toBe(true);
    h.client.last.push(' * 2;\n');
    expect((await typed)?.source).toBe('model');
    const entries = takeEntries();
    expect(entries).toMatchObject({ completionCache: 2, completionRequests: 2, 'pipeline/askModel': 1, 'pipeline/debounce': 1, 'pipeline/serve': 1 });
    expect(atMostTwice(entries)).toEqual([]);
  });

  it('with no wait (an explicit ask), the look made at the keystroke standing for the ask', async () => {
    const h = engineHarness({ debounceMs: 50 });
    takeEntries();
    const asked = h.engine.provide(request(LINE, SUFFIX, { explicit: true }));
    await hostReplied();
    h.client.last.push('0;\n');
    expect((await asked)?.source).toBe('model');
    const entries = takeEntries();
    expect(entries).toMatchObject({ completionCache: 1, completionRequests: 1, 'pipeline/debounce': 1 });
    expect(atMostTwice(entries)).toEqual([]);
  });

  it('typing through a running request that then diverges, then asking after the pause', async () => {
    const h = engineHarness({ debounceMs: 50 });
    await streaming(h, 'it');
    const typed = h.engine.provide(request(`${LINE}itemx`, SUFFIX));
    await hostReplied();
    h.client.streams[0].push('ems.length;\n');
    await pause(h);
    expect(h.client.streams).toHaveLength(2);
    expect(h.client.streams[0].cancelled).toBe(true);
    h.client.last.push(' + 1;\n');
    expect((await typed)?.source).toBe('model');
    const entries = takeEntries();
    expect(entries).toMatchObject({ 'pipeline/reuseInFlight': 1, 'pipeline/waitForSuggestion': 2 });
    expect(atMostTwice(entries)).toEqual([]);
  });
});
