import { bracketEnd, testDeclarations, type TestDeclaration } from './testDeclarations';
import { parseSections } from './flintTestFile';
import { shortName } from './sourceFunctions';
import type { SourceFunction, TestCaseResult, TestLanguage } from './testTypes';

/** A test file that holds tests of a source file: Flint's own, or one the user wrote. */
export interface CoveringFile {
  path: string;
  text: string;
  flint: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` names the function: its (short) name as a word. */
function mentions(text: string, fn: SourceFunction): boolean {
  return new RegExp(`(^|[^\\w$])${escape(shortName(fn.name))}($|[^\\w$])`).test(text);
}

/** The lines of a test and the titles of the groups around it: what it is about. */
function testText(lines: string[], d: TestDeclaration): string {
  return [...d.path, ...lines.slice(d.startLine, d.endLine)].join('\n');
}

/** The section of Flint's file (a function's name) that holds line `line`, if any. */
function sectionAt(lines: string[], line: number): string | undefined {
  for (let i = line; i >= 0; i--) {
    const end = /^(?:\/\/|#) flint:end\b/.test(lines[i]);
    if (end && i !== line) return undefined;
    const begin = /^(?:\/\/|#) flint:begin (\S+)/.exec(lines[i]);
    if (begin) return begin[1];
  }
  return undefined;
}

/**
 * The existing tests of `fn` in a covering file, as text for the model: its section of Flint's
 * file, or the user's tests that name it. Empty when it has none there.
 */
export function existingTestsOf(file: CoveringFile, fn: SourceFunction, language: TestLanguage): string {
  if (file.flint) return parseSections(file.text).find((s) => s.name === fn.name)?.body.trim() ?? '';
  const lines = file.text.split(/\r?\n/);
  const tests = testDeclarations(file.text, language).filter((d) => d.kind === 'test' && mentions(testText(lines, d), fn));
  return tests.map((d) => lines.slice(d.startLine, d.endLine).join('\n')).join('\n\n');
}

/** Whether any covering file has a test of `fn`. */
export function hasTests(files: CoveringFile[], fn: SourceFunction, language: TestLanguage): boolean {
  return files.some((f) => existingTestsOf(f, fn, language) !== '');
}

/**
 * The changed function a failing test is shown on: the one its section is for, else the one
 * it names (the innermost when several do), else the innermost changed function.
 */
export function blameFunction(file: CoveringFile, test: TestCaseResult, changed: SourceFunction[], language: TestLanguage): SourceFunction | undefined {
  if (changed.length === 0) return undefined;
  const lines = file.text.split(/\r?\n/);
  const decl = declarationOf(file.text, test, language);
  if (file.flint && decl) {
    const section = sectionAt(lines, decl.startLine);
    const own = changed.find((f) => f.name === section);
    if (own) return own;
  }
  const about = decl ? testText(lines, decl) : test.name;
  const named = innermost(changed.filter((f) => mentions(about, f)));
  return named ?? innermost(changed);
}

function innermost(fns: SourceFunction[]): SourceFunction | undefined {
  return fns.find((f) => !fns.some((g) => g !== f && g.startLine >= f.startLine && g.endLine <= f.endLine));
}

/** The declaration of a test the runner reported, by its full name or its line. */
export function declarationOf(text: string, test: TestCaseResult, language: TestLanguage): TestDeclaration | undefined {
  const all = testDeclarations(text, language).filter((d) => d.kind === 'test');
  if (test.line !== undefined) {
    const at = all.find((d) => test.line! >= d.startLine && test.line! < d.endLine);
    if (at) return at;
  }
  return all.find((d) => d.path.join(' > ') === test.name) ?? all.find((d) => d.path[d.path.length - 1] === test.title);
}

/** The lines [start, end) of a reported test in its file, for an edit of that test alone. */
export function testLines(text: string, test: TestCaseResult, language: TestLanguage): { start: number; end: number } | undefined {
  const d = declarationOf(text, test, language);
  if (d) return { start: d.startLine, end: d.endLine };
  if (test.line === undefined) return undefined;
  return { start: test.line, end: bracketEnd(text.split(/\r?\n/), test.line) };
}
