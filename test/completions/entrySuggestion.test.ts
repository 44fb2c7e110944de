import { describe, expect, it } from 'vitest';
import { CompletionEntry } from '../../src/completions/completionEntry';
import { cursorPlace } from '../../src/completions/cursorPlace';
import { closesOnItsLine, entrySuggestion } from '../../src/completions/entrySuggestion';
import { modelTextNormalizer } from '../../src/completions/filters/filterPipeline';

const line = { kind: 'line' } as const;
const head = 'new MutationObserver(() => {\n  if (!probe.armed || !ghostShown(';
const after = '\n  probe.results.push(1);\n  probe.armed = false;\n}).observe(document.body);';

describe('entrySuggestion', () => {
  it('keeps the following lines when the answer closes on the cursor\'s line the bracket that ends it', () => {
    // The line ends with an opener, so a new request here would ask for a block body.
    const place = cursorPlace(head, '');
    expect(place.mode.kind).toBe('block');
    const shaped = entrySuggestion(`)) return;${after}`, true, line, place, 10);
    expect(shaped?.suggestion.text).toBe(`)) return;${after}`);
  });

  it('keeps them for an answer asked as a block body there, typed through to the closer', () => {
    const entry = new CompletionEntry(1, head, '', cursorPlace(head, '').mode, modelTextNormalizer('', undefined));
    entry.append(`)) return;${after}`, 1);
    entry.finish({ status: 'completed', text: '', outputTokens: 1 }, 2);
    expect(entry.suggestionAt(cursorPlace(`${head})`, ''), 10)?.suggestion.text).toBe(`) return;${after}`);
  });

  it('still ends a block asked after a brace at its end when the answer goes on along the line without closing it', () => {
    const entry = new CompletionEntry(1, 'if (a) {', '', { kind: 'block', indent: 0 }, modelTextNormalizer('', undefined));
    entry.append(' // b\n  b();\n}\nfoo();', 1);
    entry.finish({ status: 'completed', text: '', outputTokens: 1 }, 2);
    expect(entry.suggestionAt(cursorPlace('if (a) {', ''), 10)?.suggestion.text).toBe(' // b\n  b();\n}');
  });

  it('reads a closer in a string as text', () => {
    expect(closesOnItsLine('f(', '")" + 1, 2')).toBe(false);
    expect(closesOnItsLine('f(', 'g(1), "(") + 1')).toBe(true);
    expect(closesOnItsLine('x = 1', ')')).toBe(false);
  });

  it('still ends a block body that starts on the next line at the block\'s end', () => {
    const place = cursorPlace('if (a) {', '');
    const shaped = entrySuggestion('\n  b();\n}\nfoo();', true, line, place, 10);
    expect(shaped?.suggestion.text).toBe('\n  b();\n}');
  });
});
