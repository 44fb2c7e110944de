import { posix } from 'node:path';
import type { ContextItem } from './contextItem';
import type { SymbolIndex } from '../code/symbolIndex';

/** A path that holds tests, by the conventions of the test runners Flint knows. */
export const TEST_PATH = /(^|\/)(tests?|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)test_[^/]*\.py$|_test\.(py|go)$/;
/** Test files read for one function. */
const MAX_TEST_FILES = 2;
/** Lines of a test file's head (its imports) kept. */
const MAX_HEAD_LINES = 30;
/** Lines shown around a test's use of the function: above, below. */
const ABOVE = 6;
const BELOW = 18;

/**
 * The existing tests of `functionName` (defined in `sourcePath`) and their setup, for a prompt
 * that writes more: the head (imports) of up to two test files that use the name, nearest
 * first, the lines around their first uses of it, and the pytest fixtures of the `conftest.py`
 * files above the source and those tests. `read` gives a file's text (undefined when it is
 * denied or unreadable).
 */
export async function testContextItems(index: SymbolIndex, sourcePath: string, functionName: string, read: (path: string) => Promise<string | undefined>): Promise<ContextItem[]> {
  const items: ContextItem[] = [];
  const stem = posix.basename(sourcePath).replace(/\.[^.]+$/, '');
  const files = index
    .filesMentioning(functionName)
    .filter((p) => p !== sourcePath && TEST_PATH.test(p))
    .sort((a, b) => closeness(sourcePath, stem, b) - closeness(sourcePath, stem, a) || a.length - b.length)
    .slice(0, MAX_TEST_FILES);
  for (const path of files) {
    const text = await read(path);
    if (text === undefined) continue;
    const lines = text.split('\n');
    const imports = index.outline(path)?.imports.bindings ?? [];
    const headEnd = Math.min(MAX_HEAD_LINES, imports.length ? Math.max(...imports.map((b) => b.line)) + 1 : 0);
    if (headEnd > 0) items.push(item(path, 0, lines.slice(0, headEnd).join('\n'), 4));
    const word = new RegExp(`\\b${functionName.replace(/[$]/g, '\\$')}\\b`);
    const use = lines.findIndex((l, i) => i >= headEnd && word.test(l));
    if (use >= 0) {
      const start = Math.max(headEnd, use - ABOVE);
      items.push(item(path, start, lines.slice(start, use + BELOW).join('\n'), 0));
    }
  }
  if (sourcePath.endsWith('.py')) items.push(...(await fixtures(index, [sourcePath, ...files], read)));
  return items;
}

function item(path: string, line: number, text: string, distance: number): ContextItem {
  return { source: 'tests', path, line, text, distance, ageMs: 0, uses: 1, key: `tests:${path}:${line}`, trimmable: true };
}

/** How near a test file is to the source: same folder, named after it. */
function closeness(source: string, stem: string, test: string): number {
  return (posix.dirname(source) === posix.dirname(test) ? 2 : 0) + (posix.basename(test).includes(stem) ? 1 : 0);
}

/** Fixtures (`@pytest.fixture` functions) of the conftest.py files in the folders above `paths`. */
async function fixtures(index: SymbolIndex, paths: readonly string[], read: (path: string) => Promise<string | undefined>): Promise<ContextItem[]> {
  const conftests = new Set<string>();
  for (const p of paths) {
    for (let dir = posix.dirname(p); ; dir = posix.dirname(dir)) {
      const candidate = dir === '.' ? 'conftest.py' : `${dir}/conftest.py`;
      if (index.known.has(candidate)) conftests.add(candidate);
      if (dir === '.' || dir === '/') break;
    }
  }
  const out: ContextItem[] = [];
  for (const path of conftests) {
    const text = await read(path);
    const outline = index.outline(path);
    if (text === undefined || !outline) continue;
    const lines = text.split('\n');
    const defs = outline.symbols.filter((s) => !s.container && s.kind === 'function' && lines.slice(s.range.start.line, s.signatureRange.start.line).some((l) => l.includes('fixture')));
    if (!defs.length) continue;
    const body = defs.map((s) => [...lines.slice(s.range.start.line, s.signatureRange.start.line), s.signature, ...(s.doc ? [`    ${s.doc.split('\n')[0].trim()}`] : [])].join('\n'));
    out.push({ ...item(path, 0, body.join('\n\n'), 2), key: `tests:${path}:fixtures` });
  }
  return out;
}
