import type { SyntaxChecker } from './syntaxCheck';
import { stripFences, TEST_INSTRUCTIONS, testPrompt, type TestPromptInput } from './testPrompt';
import type { TestLanguage } from './testTypes';

/** One test-writing request as the model sees it. */
export interface TestModelRequest {
  instructions: string;
  input: string;
  /** Workspace-relative files the request spans (the router's input). */
  files: string[];
}

export interface TestModelAnswer {
  text: string;
  /** Which model answered and why (the router's reasons), for the log. */
  model: string;
  /** First token to last token, when known. */
  modelMs?: number;
}

/** Streams one answer to its end; rejects with a message on failure or cancel. */
export type TestModel = (request: TestModelRequest, signal: AbortSignal) => Promise<TestModelAnswer>;

/** Raised when the answer still did not parse after one more try: nothing is written. */
export class RefusedTests extends Error {}

export interface GenerateArgs {
  prompt: Omit<TestPromptInput, 'previousProblem'>;
  /** The whole test file this answer would produce (what is checked). */
  compose(answer: string): string;
  fileName: string;
  language: TestLanguage;
  files: string[];
  /** An empty answer means "nothing to add" (more tests for a function that has some). */
  allowEmpty?: boolean;
}

export interface Generated {
  answer: string;
  file: string;
  model: string;
  modelMs: number;
  attempts: number;
}

/**
 * Asks for tests, checks that the file they make parses, and asks once more with the parser's
 * complaint when it does not. A second failure is refused with the reason.
 */
export async function generateTests(args: GenerateArgs, model: TestModel, check: SyntaxChecker, signal: AbortSignal): Promise<Generated> {
  let problem: string | undefined;
  let modelMs = 0;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const input = testPrompt({ ...args.prompt, ...(problem ? { previousProblem: problem } : {}) });
    const answer = await model({ instructions: TEST_INSTRUCTIONS, input, files: args.files }, signal);
    modelMs += answer.modelMs ?? 0;
    const text = stripFences(answer.text);
    if (text === '' && args.allowEmpty) return { answer: '', file: args.compose(''), model: answer.model, modelMs, attempts: attempt };
    if (text === '') problem = 'the answer was empty';
    else {
      const file = args.compose(text);
      problem = await check(file, args.fileName, args.language);
      if (!problem) return { answer: text, file, model: answer.model, modelMs, attempts: attempt };
    }
    if (signal.aborted) throw new Error('cancelled');
  }
  throw new RefusedTests(`the generated tests did not parse twice (${problem}); nothing was written`);
}
