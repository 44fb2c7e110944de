/** A `/fast` or `/deep` command at the very start of an instruction. */
export interface OverridePrefix {
  target?: 'fast' | 'full';
  /** The command as typed (e.g. "/deep"), for the reason shown to the user. */
  command?: string;
  /** The instruction without the command and the whitespace after it. */
  text: string;
}

// Only a whole word at the start counts: "/fastest" or "use /deep" are ordinary text.
const PREFIX = /^\s*\/(fast|deep)(?=\s|$)\s*/i;

export function parseOverridePrefix(text: string): OverridePrefix {
  const m = PREFIX.exec(text);
  if (!m) return { text };
  const word = m[1].toLowerCase();
  return { target: word === 'fast' ? 'fast' : 'full', command: `/${word}`, text: text.slice(m[0].length) };
}
