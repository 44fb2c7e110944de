import type { Framework, SourceFunction } from './testTypes';

/** Stable instructions for every test-writing request (the server can keep them warm). */
export const TEST_INSTRUCTIONS =
  'You write unit tests for the code you are given, in the project\'s own test framework and style. ' +
  'Answer with code only: no Markdown fences, no explanations. Test observable behaviour, including edge cases; ' +
  'never call the network, the clock or random numbers without controlling them.';

const LANGUAGE_NAMES: Record<Framework['language'], string> = { js: 'JavaScript/TypeScript', python: 'Python', go: 'Go' };

export interface TestPromptInput {
  framework: Framework;
  /** Workspace-relative paths, as the model sees them. */
  sourceName: string;
  testName: string;
  source: string;
  /** The functions to test. */
  functions: SourceFunction[];
  /** Imports already at the top of the test file: the answer must not repeat them. */
  imported?: string[];
  /** The test file as it is now (appending to the user's file); the answer goes after it. */
  existingTests?: string;
  /** The tests the function has (continuous tests): examples, and what must keep passing. */
  keepPassing?: string;
  /** How the function changed, when more tests are asked for a function that has some. */
  changed?: string;
  /** Why the previous answer was refused (it did not parse); asked once more with this. */
  previousProblem?: string;
  /** Labelled sections: definitions of what the functions use, existing tests of them, the test setup. */
  context?: string;
  /** Whether the answer is a whole new file (with its imports) or a part of one. */
  wholeFile: boolean;
  /** The import specifier of the source module from the test file. */
  importFrom: string;
}

/** The user message of one test-writing request. */
export function testPrompt(p: TestPromptInput): string {
  const names = p.functions.map((f) => f.name);
  const parts = [
    `Framework: ${p.framework.id} (${LANGUAGE_NAMES[p.framework.language]}). Test file: ${p.testName}.`,
    `Write the tests of ${names.map((n) => `\`${n}\``).join(', ')} from ${p.sourceName}.`,
  ];
  if (p.imported) {
    parts.push(`The test file already has these lines at its top; use what they import and import nothing else:\n${p.imported.join('\n')}`);
    parts.push(p.framework.language === 'python' || p.framework.language === 'go' ? 'Write only test functions.' : `Write one describe block named "${names[0]}".`);
  } else if (p.wholeFile) {
    parts.push(`This is a new test file: start with its imports; the module under test is imported as "${p.importFrom}".`);
  } else {
    parts.push(`Your answer is appended to the end of the existing test file below: add only new tests, and imports only for what it does not import yet.`);
  }
  if (p.existingTests !== undefined) parts.push(`Existing test file ${p.testName}:\n${p.existingTests}`);
  if (p.keepPassing) {
    parts.push(
      `These tests of \`${names[0]}\` exist and must keep passing; do not repeat, change or remove them:\n${p.keepPassing}`,
      `\`${names[0]}\` changed (${p.changed ?? 'its code changed'}). Write only new tests for what the tests above do not cover yet; answer with nothing if they cover it.`,
    );
  }
  if (p.context) parts.push(p.context);
  parts.push(`Source file ${p.sourceName}:\n${p.source}`);
  for (const f of p.functions) parts.push(`Function under test: ${f.name}\n${f.text}`);
  if (p.previousProblem) parts.push(`Your previous answer did not parse (${p.previousProblem}). Answer again with complete, valid code.`);
  return parts.join('\n\n');
}

/** Drops the Markdown fence a model may wrap its answer in despite being told not to. */
export function stripFences(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const open = lines.findIndex((l) => l.trim() !== '');
  if (open >= 0 && /^\s*(```|~~~)/.test(lines[open])) {
    const close = lines.findIndex((l, i) => i > open && /^\s*(```|~~~)\s*$/.test(l));
    return lines.slice(open + 1, close < 0 ? undefined : close).join('\n').trim();
  }
  return text.trim();
}
