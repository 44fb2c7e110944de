// The soak's typist: types source files into the completions engine as fast as a very fast
// typist (a few ms a key, a short pause every few words), accepting a visible suggestion with
// Tab when it is exactly what comes next, cancelling each keystroke's request at the next one
// as the editor does. Deterministic: the same keys every run.
import type { CompletionEngine } from '../src/completions/completionEngine';
import type { CompletionResult } from '../src/completions/completionTypes';

export interface TypedFile {
  path: string;
  text: string;
  languageId: string;
}

export interface TypingOptions {
  engine: CompletionEngine;
  files: TypedFile[];
  keystrokes: number;
  /** performance.now() after which typing stops, whatever the count. */
  deadline: number;
  /** Called before keystroke n for every n that is a multiple of `every` (n > 0). */
  every?: { keys: number; run(n: number): Promise<void> };
}

export interface TypingResult {
  keystrokes: number;
  accepted: number;
  suggestionsShown: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export async function typeKeystrokes(o: TypingOptions): Promise<TypingResult> {
  const rand = rng(7);
  let file = 0;
  let pos = 0;
  let accepted = 0;
  let shown = 0;
  let visible: CompletionResult | undefined;
  let controller: AbortController | undefined;
  let pending: Promise<void> = Promise.resolve();
  const ask = () => {
    controller?.abort();
    const mine = (controller = new AbortController());
    visible = undefined;
    const f = o.files[file];
    pending = o.engine
      .provide({ prefix: f.text.slice(0, pos), suffix: '', languageId: f.languageId, filePath: f.path, snippets: () => [], explicit: false, signal: mine.signal })
      .then((result) => {
        if (!result || controller !== mine) return;
        shown++;
        visible = result;
      });
  };
  let keys = 0;
  for (; keys < o.keystrokes && performance.now() < o.deadline; keys++) {
    if (o.every && keys > 0 && keys % o.every.keys === 0) await o.every.run(keys);
    const text = o.files[file].text;
    if (pos >= text.length) {
      // The file is done: the next one starts empty.
      file = (file + 1) % o.files.length;
      pos = 0;
    } else if (visible && visible.suggestion.replaceSuffix === 0 && text.startsWith(visible.suggestion.text, pos) && rand() < 0.8) {
      pos += visible.suggestion.text.length;
      o.engine.accepted(visible.entryId);
      accepted++;
    } else {
      pos++;
    }
    ask();
    // A short pause every few words lets answers arrive (and be accepted); else the next key.
    if (keys % 25 === 24) await Promise.race([pending, sleep(40)]);
    else await sleep(1 + Math.floor(rand() * 3));
  }
  await pending;
  return { keystrokes: keys, accepted, suggestionsShown: shown };
}
