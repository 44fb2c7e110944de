import { describe, expect, it } from 'vitest';
import { CompletionEntry } from '../../src/completions/completionEntry';
import { cursorPlace } from '../../src/completions/cursorPlace';
import { CURSOR_MARKER } from '../../src/completions/cursorMarker';
import { modelTextNormalizer } from '../../src/completions/filters/filterPipeline';

const entry = (lineBefore = '') => new CompletionEntry(1, lineBefore, '', { kind: 'line' }, modelTextNormalizer(lineBefore, CURSOR_MARKER));

describe('CompletionEntry', () => {
  it('normalizes the streamed text as it grows', () => {
    const e = entry('  const total = ');
    e.append('```ts\nconst total = ', 1);
    expect(e.text).toBe('');
    e.append('sum(xs);   \n', 2);
    // The newline waits: the next line could still be a closing fence.
    expect(e.text).toBe('sum(xs);');
    e.append('return', 3);
    expect(e.text).toBe('sum(xs);\nreturn');
    expect(e.lastGrowthAt).toBe(3);
  });

  it('keeps only finished lines when the stream breaks off', () => {
    const e = entry();
    e.append('a();\nb(', 1);
    e.finish({ status: 'cancelled', text: '', outputTokens: 2 }, 2);
    expect(e.state).toBe('cancelled');
    expect(e.running).toBe(false);
    expect(e.text).toBe('a();');
  });

  it('ignores text after it ended', () => {
    const e = entry();
    e.append('x', 1);
    e.finish({ status: 'completed', text: 'x', outputTokens: 1 }, 2);
    e.append('y', 3);
    expect(e.text).toBe('x');
  });

  it('waits until a decision can be made, or until aborted', async () => {
    const e = entry();
    const decided = e.until(() => (e.text.includes('\n') ? { value: e.text } : undefined));
    e.append('one', 1);
    e.append(' line\n', 2);
    expect(await decided).toEqual({ value: 'one line\n' });
    const controller = new AbortController();
    const never = e.until(() => undefined, controller.signal);
    controller.abort();
    expect(await never).toBeUndefined();
  });

  it('shapes its suggestion for a place once per chunk of the stream', () => {
    const e = entry('x = ');
    const place = cursorPlace('x = 1', '\n');
    e.append('12;', 1);
    expect(e.suggestionAt(place, 30)).toBeUndefined();
    e.append('\nnext', 2);
    const shaped = e.suggestionAt(place, 30);
    expect(shaped?.suggestion).toEqual({ text: '2;', replaceSuffix: 0 });
    // Asked again before the next chunk (the wait, the watch for growth): the same answer object.
    expect(e.suggestionAt(place, 30)).toBe(shaped);
    e.append('();\n', 3);
    const next = e.suggestionAt(place, 30);
    expect(next).not.toBe(shaped);
    expect(next?.suggestion.text).toBe('2;\nnext();');
    // Another place is shaped for itself.
    expect(e.suggestionAt(cursorPlace('x = 12;', '\n'), 30)?.suggestion.text).toBe('\nnext();');
  });

  it('offers a suggestion at a place, later while the stream may still bring one, never once the typing left it', () => {
    const e = new CompletionEntry(1, 'x = ', '\n', { kind: 'line' }, modelTextNormalizer('x = ', undefined));
    const own = cursorPlace('x = ', '\n');
    const typed = cursorPlace('x = 1', '\n');
    expect(e.offerAt(own, 30)).toBe('later');
    e.append('1', 1);
    // Typed ahead of the text, agreeing so far: it may still come.
    expect(e.offerAt(cursorPlace('x = 12', '\n'), 30)).toBe('later');
    expect(e.offerAt(cursorPlace('x = 9', '\n'), 30)).toBe('never');
    e.append('2;\n', 2);
    expect(e.offerAt(own, 30)).toMatchObject({ suggestion: { text: '12;' } });
    expect(e.offerAt(typed, 30)).toMatchObject({ suggestion: { text: '2;' } });
    expect(e.offerAt(cursorPlace('x = 13', '\n'), 30)).toBe('never');
    e.finish({ status: 'completed', text: '12;\n', outputTokens: 2 }, 3);
    // Ended: typing past its text is no longer worth waiting for.
    expect(e.offerAt(cursorPlace('x = 12;\nfoo', '\n'), 30)).toBe('never');
  });

  it('follows its offer at a place chunk by chunk until the decision is made', async () => {
    const e = entry('x = ');
    const place = cursorPlace('x = 1', '\n');
    const offers: string[] = [];
    const followed = e.follow(place, 30, (offer) => {
      offers.push(typeof offer === 'string' ? offer : offer.suggestion.text);
      return typeof offer === 'string' ? undefined : { value: offer.suggestion.text };
    });
    e.append('1', 1);
    e.append('2;\n', 2);
    expect(await followed).toEqual({ value: '2;' });
    expect(offers).toEqual(['later', 'later', '2;']);
  });
});
