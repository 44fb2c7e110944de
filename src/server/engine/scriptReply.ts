import { lastUserMessage, type ChatMessage, type Prompt } from './engine';
import type { ScriptFixture, ScriptMatcher, ScriptRule } from './scriptFixture';

interface Fields {
  /** The output of the function call the conversation ends with. */
  toolOutput?: string;
  /** Template only: how many responses the model gave earlier in the conversation. */
  turn?: string;
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

/** Earlier responses: runs of assistant messages (a response's text and calls are one run). */
function responsesIn(messages: readonly ChatMessage[]): number {
  let n = 0;
  for (let i = 0; i < messages.length; i++) if (messages[i].role === 'assistant' && messages[i - 1]?.role !== 'assistant') n++;
  return n;
}

function fieldsOf(prompt: Prompt): Fields {
  switch (prompt.kind) {
    case 'chat': {
      const user = lastUserMessage(prompt.messages);
      const last = prompt.messages.at(-1);
      const fields: Fields = {
        user,
        firstUser: prompt.messages.find((m) => m.role === 'user' && m.outputOf === undefined)?.content ?? '',
        instructions: prompt.instructions ?? '',
        turn: String(responsesIn(prompt.messages)),
      };
      if (last?.outputOf !== undefined) fields.toolOutput = last.content;
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

/** A scripted answer: its text, then the function calls it makes (arguments as JSON text). */
export interface ScriptAnswer {
  text: string;
  calls: { name: string; arguments: string }[];
}

/**
 * The fixture's reply to a prompt: the reply kept for the end of its prefix (`tails`), else the
 * first rule whose fields all match, else a default.
 * `temperature` is the request's sampling temperature, for rules that answer per temperature.
 */
export function scriptReply(fixture: ScriptFixture, prompt: Prompt, temperature?: number): string {
  return scriptAnswer(fixture, prompt, temperature).text;
}

/** As scriptReply, with the function calls of a rule that makes them. */
export function scriptAnswer(fixture: ScriptFixture, prompt: Prompt, temperature?: number): ScriptAnswer {
  const fields = fieldsOf(prompt);
  if (fixture.tails && fields.prefix !== undefined) {
    const key = fields.prefix.slice(-fixture.tails.chars);
    if (Object.hasOwn(fixture.tails.replies, key)) return { text: fixture.tails.replies[key], calls: [] };
  }
  for (const rule of fixture.rules) {
    const groups = matchRule(rule, fields, temperature);
    if (!groups) continue;
    if (typeof rule.reply === 'string') return { text: expand(rule.reply, fields, groups), calls: [] };
    const calls = rule.reply.calls.map((c) => ({
      name: c.name,
      arguments: typeof c.arguments === 'string' ? expand(c.arguments, fields, groups) : JSON.stringify(expandValues(c.arguments, fields, groups)),
    }));
    return { text: expand(rule.reply.text, fields, groups), calls };
  }
  if (prompt.kind === 'chat' && fields.prefix === undefined) return { text: expand(fixture.defaults.chat, fields, []), calls: [] };
  return { text: closeBrackets(fields.prefix ?? '', fields.suffix ?? '') + fixture.defaults.completion, calls: [] };
}

type MatchedField = Exclude<keyof Fields, 'firstUser' | 'turn'>;

/** The regex groups of a matching rule ([] when it has none), null when the rule does not match. */
function matchRule(rule: ScriptRule, fields: Fields, temperature: number | undefined): string[] | null {
  const { temperature: wanted, turn, ...texts } = rule.match;
  if (wanted !== undefined && wanted !== temperature) return null;
  if (turn !== undefined && String(turn) !== fields.turn) return null;
  let groups: string[] = [];
  for (const [key, m] of Object.entries(texts) as [MatchedField, ScriptMatcher][]) {
    const value = fields[key];
    const hit = value === undefined ? null : test(m, value);
    if (!hit) return null;
    if (hit.length) groups = hit;
  }
  return groups;
}

function expandValues(value: unknown, fields: Fields, groups: string[]): unknown {
  if (typeof value === 'string') return expand(value, fields, groups);
  if (Array.isArray(value)) return value.map((v) => expandValues(v, fields, groups));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandValues(v, fields, groups)]));
  return value;
}

function expand(template: string, fields: Fields, groups: string[]): string {
  return template
    .replace(/\$([1-9])/g, (_, n: string) => groups[Number(n) - 1] ?? '')
    .replace(/\{\{(user|firstUser|instructions|prefix|suffix|toolOutput|turn)\}\}/g, (_, k: keyof Fields) => fields[k] ?? '');
}
