import { lastUserMessage, type Prompt } from './engine';
import type { ScriptFixture, ScriptMatcher } from './scriptFixture';

interface Fields {
  user?: string;
  /** Template only: the conversation's first user message (shows continuation worked). */
  firstUser?: string;
  instructions?: string;
  prefix?: string;
  suffix?: string;
}

/** Instruct-style ghost-text requests mark the cursor in the user message with this... */
const CURSOR_MARKER = '<|cursor|>';
/** ...unless the code holds it as text: then the message names the marker it uses instead. */
const NAMED_MARKER = /here the cursor is marked (<\|cursor-\d+\|>)/;

function fieldsOf(prompt: Prompt): Fields {
  switch (prompt.kind) {
    case 'chat': {
      const user = lastUserMessage(prompt.messages);
      const fields: Fields = {
        user,
        firstUser: prompt.messages.find((m) => m.role === 'user')?.content ?? '',
        instructions: prompt.instructions ?? '',
      };
      // A cursor-marked file is a fill-in-the-middle request in chat form: expose its halves so
      // prefix/suffix rules and the completion default apply to it too.
      const named = NAMED_MARKER.exec(user)?.[1];
      const marker = named ?? CURSOR_MARKER;
      // The naming sentence holds the named marker too: the cursor's is the last.
      const at = named ? user.lastIndexOf(named) : user.indexOf(CURSOR_MARKER);
      if (at >= 0) {
        fields.prefix = user.slice(0, at);
        fields.suffix = user.slice(at + marker.length);
      }
      return fields;
    }
    case 'fim':
      return { prefix: prompt.prefix, suffix: prompt.suffix };
    case 'text':
      return { prefix: prompt.text, suffix: '' };
  }
}

/** Tests one matcher; returns regex groups (or [] for a substring hit), null on a miss. */
function test(m: ScriptMatcher, value: string): string[] | null {
  if (typeof m === 'string') return value.includes(m) ? [] : null;
  const hit = new RegExp(m.regex, m.flags).exec(value);
  return hit ? hit.slice(1).map((g) => g ?? '') : null;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Closers for brackets left open in the prefix, minus those the suffix already supplies. */
export function closeBrackets(prefix: string, suffix: string): string {
  const stack: { close: string; indent: string }[] = [];
  let lineIndent = '';
  let quote: string | null = null;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i];
    if (c === '\n') {
      lineIndent = /^[ \t]*/.exec(prefix.slice(i + 1))![0];
      if (quote !== '`') quote = null;
    } else if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (OPENERS[c]) stack.push({ close: OPENERS[c], indent: lineIndent });
    else if (stack.length && c === stack[stack.length - 1].close) stack.pop();
  }
  const supplied = suffix.replace(/\s+/g, '');
  let skip = 0;
  while (skip < stack.length && supplied[skip] === stack[stack.length - 1 - skip].close) skip++;
  let out = '';
  for (let i = stack.length - 1 - skip; i >= 0; i--) {
    const { close, indent } = stack[i];
    out += close === '}' ? `\n${indent}}` : close;
  }
  return out;
}

/**
 * The fixture's reply to a prompt: the reply kept for the end of its prefix (`tails`), else the
 * first rule whose fields all match, else a default.
 * `temperature` is the request's sampling temperature, for rules that answer per temperature.
 */
export function scriptReply(fixture: ScriptFixture, prompt: Prompt, temperature?: number): string {
  const fields = fieldsOf(prompt);
  if (fixture.tails && fields.prefix !== undefined) {
    const key = fields.prefix.slice(-fixture.tails.chars);
    if (Object.hasOwn(fixture.tails.replies, key)) return fixture.tails.replies[key];
  }
  for (const rule of fixture.rules) {
    let groups: string[] = [];
    const { temperature: wanted, ...texts } = rule.match;
    let ok = wanted === undefined || wanted === temperature;
    for (const [key, m] of (ok ? Object.entries(texts) : []) as [Exclude<keyof Fields, 'firstUser'>, ScriptMatcher][]) {
      const value = fields[key];
      const hit = value === undefined ? null : test(m, value);
      if (!hit) {
        ok = false;
        break;
      }
      if (hit.length) groups = hit;
    }
    if (ok) return expand(rule.reply, fields, groups);
  }
  if (prompt.kind === 'chat' && fields.prefix === undefined) return expand(fixture.defaults.chat, fields, []);
  return closeBrackets(fields.prefix ?? '', fields.suffix ?? '') + fixture.defaults.completion;
}

function expand(template: string, fields: Fields, groups: string[]): string {
  return template
    .replace(/\$([1-9])/g, (_, n: string) => groups[Number(n) - 1] ?? '')
    .replace(/\{\{(user|firstUser|instructions|prefix|suffix)\}\}/g, (_, k: keyof Fields) => fields[k] ?? '');
}
