import { relative } from 'node:path';
import type { FileProbe } from './frameworkDetect';
import type { GenerateArgs } from './testGeneration';
import { importSpecifier, userTestPath } from './testPaths';
import type { Framework, SourceFunction } from './testTypes';

/** Where tests asked for by the user go, and the request that writes them. */
export interface UserTestsPlan {
  testFile: string;
  exists: boolean;
  /** The test file's text now ('' for a new one). */
  before: string;
  args: GenerateArgs;
}

/**
 * Tests the user asks for (Generate Tests) go in the user's own test file, appended after
 * what is there, or in a new file at the conventional path.
 */
export async function planUserTests(
  framework: Framework,
  sourcePath: string,
  source: string,
  functions: SourceFunction[],
  root: string,
  probe: FileProbe,
): Promise<UserTestsPlan> {
  const { path: testFile, exists } = await userTestPath(sourcePath, framework, probe);
  const before = exists ? ((await probe.read(testFile)) ?? '') : '';
  const rel = (p: string) => relative(root, p);
  return {
    testFile,
    exists,
    before,
    args: {
      prompt: {
        framework,
        sourceName: rel(sourcePath),
        testName: rel(testFile),
        source,
        functions,
        wholeFile: !exists || before.trim() === '',
        importFrom: importSpecifier(testFile, sourcePath, framework),
        ...(exists && before.trim() !== '' ? { existingTests: before } : {}),
      },
      compose: (answer) => appendTests(before, answer),
      fileName: testFile,
      language: framework.language,
      files: [rel(sourcePath)],
    },
  };
}

/** The test file with `answer` after what it had, one blank line between. */
export function appendTests(before: string, answer: string): string {
  const body = answer.replace(/\s+$/, '');
  if (before.trim() === '') return `${body}\n`;
  return `${before.replace(/\s+$/, '')}\n\n${body}\n`;
}
