import { relative } from 'node:path';
import { detectFramework, LOOKED_FOR, type FileProbe } from './frameworkDetect';
import { parseSections, type TestSection } from './flintTestFile';
import { keyed, type KeyedFunction } from './functionKeys';
import { functionHash, type FunctionFinder } from './sourceFunctions';
import { coveringFile, type CoveringFile } from './testCoverage';
import { flintTestPath, userTestPath } from './testPaths';
import type { Framework, TestLanguage } from './testTypes';

/** What one save of a source file is about: its functions, what changed, the tests it has. */
export interface SaveSnapshot {
  path: string;
  text: string;
  savedAt: number;
  language: TestLanguage;
  framework: Framework;
  /** Flint's own test file for the source (it may not exist yet). */
  testFile: string;
  /** Its text now ('' when there is none). */
  flintText: string;
  sections: TestSection[];
  /** Every function found (nested ones too), in order, told apart by where they are. */
  functions: KeyedFunction[];
  /** Those whose text differs from the last save seen (all of them when none was seen). */
  changed: KeyedFunction[];
  /** Each function's text at the last save seen, by key. */
  previous?: Map<string, string>;
  /** The test files that hold tests of the source: Flint's and the user's. */
  covering: CoveringFile[];
}

export interface SnapshotDeps {
  root(path: string): string | undefined;
  probe: FileProbe;
  findFunctions: FunctionFinder;
  /** flint.tests.command: with it, a project with no detected framework still gets tests. */
  commandOverride(): string;
}

/** Reads what a save is about; a string (what to tell the user) when no framework is found. */
export async function saveSnapshot(deps: SnapshotDeps, path: string, text: string, savedAt: number, language: TestLanguage, previous: Map<string, string> | undefined): Promise<SaveSnapshot | string> {
  const root = deps.root(path) ?? '/';
  const framework = await frameworkFor(path, language, root, deps.probe, deps.commandOverride());
  if (!framework) return noFrameworkMessage(language, relative(root, path));
  const testFile = flintTestPath(path, framework);
  const functions = keyed(await deps.findFunctions(text, path));
  const flintText = (await deps.probe.read(testFile)) ?? '';
  const sections = parseSections(flintText);
  const hashes = new Map(sections.map((s) => [s.name, s.hash]));
  const changed = functions.filter((f) => (previous ? previous.get(f.key) !== f.text : hashes.get(f.key) !== functionHash(f.text)));
  const covering: CoveringFile[] = flintText.trim() ? [coveringFile(testFile, flintText, true, language)] : [];
  const user = await userTestPath(path, framework, deps.probe);
  const userText = user.exists ? await deps.probe.read(user.path) : undefined;
  if (userText?.trim()) covering.push(coveringFile(user.path, userText, false, language));
  return { path, text, savedAt, language, framework, testFile, flintText, sections, functions, changed, ...(previous ? { previous } : {}), covering };
}

/**
 * The detected framework; with none and flint.tests.command set, the language's default one
 * (its file conventions; the command runs the file).
 */
export async function frameworkFor(path: string, language: TestLanguage, root: string, probe: FileProbe, override: string): Promise<Framework | undefined> {
  const found = await detectFramework(path, language, root, probe);
  if (found || !override.trim()) return found;
  const id = language === 'python' ? 'pytest' : language === 'go' ? 'go test' : 'node:test';
  return { id, language, projectDir: root, evidence: 'flint.tests.command' };
}

/** What the user reads when no framework is found: what was looked for, and the setting. */
export function noFrameworkMessage(language: keyof typeof LOOKED_FOR, name: string): string {
  return `no test framework found for ${name}: looked for ${LOOKED_FOR[language]} in its folder and the folders above it, up to the workspace folder. Add one, or set flint.tests.command to the command that runs a test file.`;
}
