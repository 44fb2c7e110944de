// The model the typist benchmark talks to: a scripted-endpoint fixture that knows the file
// being typed and answers like a good but imperfect instruct model. For each line it replies
// with that line and the next few (the engine strips what the user already typed, as it does
// for a model that echoes the line); on some lines (30% by default) it gets one identifier wrong until
// the typist has typed past the mistake; with one or two characters typed on a line it
// replies with the rest of the line only. `wrongShare` sets how many lines it gets wrong;
// `hopelessShare` how many more it never gets right (it suggests another line all along),
// where every keystroke disagrees with the suggestion and the debounce decides the traffic.

const CONTEXT_CHARS = 120;
const LINES_AFTER = 8;
const MARKER = '<\\|cursor\\|>';

interface Rule {
  match: { user: { regex: string } };
  reply: string;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Deterministic 0..99 per line, so every run makes the same mistakes. */
function bucket(n: number): number {
  let x = (n + 1) * 2654435761;
  x ^= x >>> 13;
  return Math.abs(x) % 100;
}

export function oracleFixture(text: string, wrongShare = 0.3, hopelessShare = 0): { rules: Rule[] } {
  const lines = text.split('\n');
  const hopeless = (l: number) => {
    const b = bucket(l);
    return b >= wrongShare * 100 && b < (wrongShare + hopelessShare) * 100 && lines[l].trim() !== '';
  };
  // What the model believes each line is: hopeless lines are another line to it, also when it
  // writes them as the continuation of an earlier line.
  const believed = lines.map((line, l) => (hopeless(l) ? `${/^\s*/.exec(line)![0]}unrelated(${l});` : line));
  const perLine: Rule[][] = [];
  let before = '';
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l];
    // The text before the line, anchored on the newline that ends the task line for short files.
    const context = esc(before.length < CONTEXT_CHARS ? `\n${before}` : before.slice(-CONTEXT_CHARS));
    const after = believed.slice(l + 1, l + 1 + LINES_AFTER).join('\n');
    const indent = /^\s*/.exec(line)![0].length;
    const content = line.length - indent;
    const wrongAt = bucket(l) < wrongShare * 100 && content >= 12 ? indent + Math.floor(content / 2) : -1;
    const rules: Rule[] = [];
    if (hopeless(l)) {
      rules.push({ match: { user: { regex: `${context}[^\\n]*${MARKER}` } }, reply: `${believed[l]}\n${after}` });
    } else {
      const reply = (from: number, wrong: boolean) =>
        `${wrong ? `${line.slice(from, wrongAt)}zz${line.slice(wrongAt)}` : line.slice(from)}\n${after}`;
      if (wrongAt >= 0) {
        rules.push({ match: { user: { regex: `${context}${esc(line.slice(0, wrongAt + 1))}[^\\n]*${MARKER}` } }, reply: reply(0, false) });
      }
      for (const typed of [2, 1]) {
        if (content > typed) {
          const from = indent + typed;
          rules.push({ match: { user: { regex: `${context}${esc(line.slice(0, from))}${MARKER}` } }, reply: reply(from, wrongAt >= from) });
        }
      }
      rules.push({ match: { user: { regex: `${context}[^\\n]*${MARKER}` } }, reply: reply(0, wrongAt >= 0) });
    }
    perLine.push(rules);
    before += `${line}\n`;
  }
  // Later lines first: their longer context never matches an earlier cursor, while an early
  // line's short context would match every later one.
  return { rules: perLine.reverse().flat() };
}
