import { sectionRanges, type SectionRange } from './flintTestFile';
import { shortName } from './sourceFunctions';
import { bracketEnd, declarationNamed, testAtLine, testDeclarations, type TestDeclaration } from './testDeclarations';
import type { SourceFunction, TestCaseResult, TestLanguage } from './testTypes';

/**
 * A test file that holds tests of a source file (Flint's own, or one the user wrote), read once
 * per save: every function's question about it asks the same lines and declarations.
 */
export interface CoveringFile {
  path: string;
  text: string;
  flint: boolean;
  lines: string[];
  /** Its tests (not groups), as declared. */
  tests: TestDeclaration[];
  /** Flint's sections (none in a user's file). */
  sections: SectionRange[];
}

export function coveringFile(path: string, text: string, flint: boolean, language: TestLanguage): CoveringFile {
  const lines = text.split(/\r?\n/);
  const tests = testDeclarations(text, language).filter((d) => d.kind === 'test');
  return { path, text, flint, lines, tests, sections: flint ? sectionRanges(lines) : [] };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text names the function: its (short) name as a word. */
function mentions(fn: SourceFunction): (text: string) => boolean {
  const re = new RegExp(`(^|[^\\w$])${escape(shortName(fn.name))}($|[^\\w$])`);
  return (text) => re.test(text);
}

/** The lines of a test and the titles of the groups around it: what it is about. */
function testText(lines: string[], d: TestDeclaration): string {
  return [...d.path, ...lines.slice(d.startLine, d.endLine)].join('\n');
}

/**
 * The existing tests of `fn` in a covering file, as text for the model: its section of Flint's
 * file, or the user's tests that name it. Empty when it has none there.
 */
export function existingTestsOf(file: CoveringFile, fn: SourceFunction): string {
  if (file.flint) {
    const s = file.sections.find((x) => x.name === fn.name);
    return s ? file.lines.slice(s.start, s.end).join('\n').trim() : '';
  }
  const names = mentions(fn);
  return file.tests
    .filter((d) => names(testText(file.lines, d)))
    .map((d) => file.lines.slice(d.startLine, d.endLine).join('\n'))
    .join('\n\n');
}

/** Whether any covering file has a test of `fn`. */
export function hasTests(files: CoveringFile[], fn: SourceFunction): boolean {
  return files.some((f) => existingTestsOf(f, fn) !== '');
}

/**
 * The changed function a failing test is shown on: the one its section is for, else the one
 * it names (the innermost when several do), else the innermost changed function.
 */
export function blameFunction<F extends SourceFunction>(file: CoveringFile, test: TestCaseResult, changed: F[]): F | undefined {
  if (changed.length === 0) return undefined;
  const decl = declarationOf(file.tests, test);
  if (file.flint && decl) {
    const section = file.sections.find((s) => decl.startLine >= s.start && decl.startLine < s.end);
    const own = changed.find((f) => f.name === section?.name);
    if (own) return own;
  }
  const about = decl ? testText(file.lines, decl) : test.name;
  const named = innermost(changed.filter((f) => mentions(f)(about)));
  return named ?? innermost(changed);
}

function innermost<F extends SourceFunction>(fns: F[]): F | undefined {
  return fns.find((f) => !fns.some((g) => g !== f && g.startLine >= f.startLine && g.endLine <= f.endLine));
}

/** Which of a file's tests (groups left out) a runner reported: by its line, else its full name, else its title. */
export function declarationOf(tests: TestDeclaration[], test: TestCaseResult): TestDeclaration | undefined {
  const at = test.line !== undefined ? testAtLine(tests, test.line) : undefined;
  return at ?? declarationNamed(tests, test.name) ?? tests.find((d) => d.path[d.path.length - 1] === test.title);
}

/** The lines [start, end) of a reported test in its file, for an edit of that test alone. */
export function testLines(text: string, test: TestCaseResult, language: TestLanguage): { start: number; end: number } | undefined {
  const d = declarationOf(testDeclarations(text, language).filter((x) => x.kind === 'test'), test);
  if (d) return { start: d.startLine, end: d.endLine };
  if (test.line === undefined) return undefined;
  return { start: test.line, end: bracketEnd(text.split(/\r?\n/), test.line) };
}
