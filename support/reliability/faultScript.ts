import type { ScriptFixtureInput } from '../../src/server/engine/scriptFixture';

/** Ghost text: the faulted request and the recovery request use different lines (no cache hit). */
export const GHOST_PREFIX_FAULTED = 'const probeA = ';
export const GHOST_PREFIX_RECOVERY = 'const probeB = ';
/** The first line is long enough (about 20 tokens) that an early fault lands before it is complete. */
export const GHOST_FIRST_LINE = 'computeTheAnswerFromManyInputs(firstInput, secondInput, thirdInput, fourthInput);';
const GHOST_REPLY = `${GHOST_FIRST_LINE}\n${Array.from({ length: 12 }, (_, i) => `console.log('step ${i}', firstInput + ${i});`).join('\n')}\n`;

/** Inline edit: the region is lines 1..5 of EDIT_FILE. */
export const EDIT_FILE = [
  '// totals',
  'export function total(values: number[]): number {',
  '  let sum = 0;',
  '  for (const v of values) sum += v;',
  '  return sum;',
  '}',
  '// end',
  '',
].join('\n');
export const EDIT_REGION = { start: 1, end: 6 };
export const EDIT_INSTRUCTION = 'rename sum to acc';
const EDIT_REPLY = [
  '/**',
  ' * Adds every value of the list and returns the total; an empty list gives zero.',
  ' * The accumulator is named acc so that it does not shadow the sum helper elsewhere.',
  ' */',
  'export function total(values: number[]): number {',
  '  let acc = 0;',
  '  for (const v of values) acc += v;',
  '  return acc;',
  '}',
].join('\n');
/** The document after the edit is accepted. */
export const EDIT_RESULT = ['// totals', EDIT_REPLY, '// end', ''].join('\n');

export const CHAT_QUESTION = 'Tell me a long story about latency';
export const CHAT_REPLY =
  'Once upon a time a keystroke left the editor and crossed the network. ' +
  Array.from({ length: 8 }, (_, i) => `Chapter ${i + 1}: the token arrived, was parsed once, and was painted without a single extra copy.`).join(' ') +
  ' The end.';

/** What the local endpoint answers in the fault suite and the soak. */
export const FAULT_SCRIPT: ScriptFixtureInput = {
  rules: [
    { match: { user: { regex: 'const probe\\w* = <\\|cursor\\|>' } }, reply: GHOST_REPLY },
    { match: { user: `Instruction: ${EDIT_INSTRUCTION}` }, reply: EDIT_REPLY },
    { match: { user: { regex: 'long story', flags: 'i' } }, reply: CHAT_REPLY },
  ],
  defaults: { chat: 'You said: {{user}}', completion: '' },
};
