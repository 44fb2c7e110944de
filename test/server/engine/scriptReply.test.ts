import { describe, expect, it } from 'vitest';
import { scriptFixtureSchema } from '../../../src/server/engine/scriptFixture';
import { closeBrackets, scriptReply } from '../../../src/server/engine/scriptReply';

const fixture = scriptFixtureSchema.parse({
  rules: [
    { match: { user: { regex: 'rename (\\w+) to (\\w+)', flags: 'i' } }, reply: '$1 -> $2' },
    { match: { user: 'hello', instructions: 'formal' }, reply: 'Good day.' },
    { match: { prefix: 'console.' }, reply: "log('x');" },
  ],
  defaults: { completion: ' // end' },
});

const chat = (content: string, instructions?: string) => ({ kind: 'chat' as const, instructions, messages: [{ role: 'user' as const, content }] });

describe('scriptReply', () => {
  it('uses the first rule whose fields all match, with regex groups', () => {
    expect(scriptReply(fixture, chat('Please RENAME foo to bar'))).toBe('foo -> bar');
    expect(scriptReply(fixture, chat('hello', 'be formal'))).toBe('Good day.');
    expect(scriptReply(fixture, chat('hello', 'casual'))).toBe('You said: hello');
  });

  it('answers completions from prefix rules, else closes brackets', () => {
    expect(scriptReply(fixture, { kind: 'fim', prefix: 'x = 1;\nconsole.', suffix: '' })).toBe("log('x');");
    expect(scriptReply(fixture, { kind: 'text', text: 'f(a, [1' })).toBe(']) // end');
    // A chat request never matches a prefix rule.
    expect(scriptReply(fixture, chat('console.'))).toBe('You said: console.');
  });
});

describe('scriptReply tails', () => {
  it('answers a completion by the end of its prefix before any rule, exactly, in chat and fill-in-the-middle form', () => {
    const withTails = scriptFixtureSchema.parse({
      rules: [{ match: { prefix: 'console.' }, reply: 'rule' }],
      tails: { chars: 8, replies: { 'console.': 'log(1);', 'onsole.l': 'og(1);' } },
    });
    expect(scriptReply(withTails, { kind: 'fim', prefix: 'x = 1;\nconsole.', suffix: '\n' })).toBe('log(1);');
    expect(scriptReply(withTails, chat('x = 1;\nconsole.l<|cursor|>\n'))).toBe('og(1);');
    // No tail kept for this end: the rules answer, then the default.
    expect(scriptReply(withTails, { kind: 'fim', prefix: 'a console. b', suffix: '' })).toBe('rule');
    expect(scriptReply(withTails, { kind: 'fim', prefix: 'print(', suffix: '' })).toBe(')');
  });

  it('finds the cursor by the marker the message names when the code holds the usual one as text', () => {
    const withTails = scriptFixtureSchema.parse({ tails: { chars: 8, replies: { 'console.': 'log(1);' } } });
    const message = "This code contains <|cursor|> as text: here the cursor is marked <|cursor-1|>.\nconst M = '<|cursor|>';\nconsole.<|cursor-1|>\n";
    expect(scriptReply(withTails, chat(message))).toBe('log(1);');
  });
});

describe('closeBrackets', () => {
  it('closes innermost first, braces on their own line at the opener indent', () => {
    expect(closeBrackets('function f() {\n  if (a) {\n    g(x', '')).toBe(')\n  }\n}');
  });
  it('ignores brackets inside strings and those the suffix supplies', () => {
    expect(closeBrackets('s = "(" + f(', '')).toBe(')');
    expect(closeBrackets('g([1, 2', '])')).toBe('');
    expect(closeBrackets('g([1, 2', ')')).toBe('])');
  });
});

describe('scriptReply for cursor-marked chat prompts', () => {
  it('treats a cursor-marked user message like fill-in-the-middle', () => {
    const fixture = { rules: [{ match: { prefix: { regex: 'function add\\(a, b\\) \\{\\s*$' } }, reply: 'return a + b;' }], defaults: { chat: 'You said: {{user}}', completion: '' } };
    const prompt = { kind: 'chat' as const, messages: [{ role: 'user' as const, content: 'function add(a, b) {\n  <|cursor|>\n}' }] };
    expect(scriptReply(fixture as never, prompt)).toBe('return a + b;');
  });
  it('never answers a cursor-marked prompt with the chat default', () => {
    const fixture = { rules: [], defaults: { chat: 'You said: {{user}}', completion: '' } };
    const prompt = { kind: 'chat' as const, messages: [{ role: 'user' as const, content: 'const x = foo(<|cursor|>' }] };
    expect(scriptReply(fixture as never, prompt)).toBe(')');
  });
});

describe('scriptReply per sampling temperature', () => {
  const perTemperature = scriptFixtureSchema.parse({
    rules: [
      { match: { prefix: 'total = ', temperature: 0.6 }, reply: 'warm' },
      { match: { prefix: 'total = ', temperature: 1 }, reply: 'hot' },
      { match: { prefix: 'total = ' }, reply: 'plain' },
    ],
  });
  const fim = { kind: 'fim' as const, prefix: 'let total = ', suffix: '' };

  it('answers a rule with a temperature only for exactly that temperature', () => {
    expect(scriptReply(perTemperature, fim, 0.6)).toBe('warm');
    expect(scriptReply(perTemperature, fim, 1)).toBe('hot');
    expect(scriptReply(perTemperature, fim, 0.2)).toBe('plain');
    expect(scriptReply(perTemperature, fim)).toBe('plain');
  });

  it('refuses a temperature outside 0–2 in a fixture', () => {
    expect(scriptFixtureSchema.safeParse({ rules: [{ match: { temperature: 3 }, reply: 'x' }] }).success).toBe(false);
  });
});
