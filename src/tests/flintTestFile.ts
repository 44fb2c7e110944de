import { basename } from 'node:path';
import { importedName } from './sourceFunctions';
import { importSpecifier } from './testPaths';
import type { Framework } from './testTypes';

/** The tests of one source function inside Flint's test file, with the hash of the function they were written for. */
export interface TestSection {
  name: string;
  hash: string;
  body: string;
}

function comment(framework: Framework): string {
  return framework.language === 'python' ? '#' : '//';
}

const SECTION = /^(?:\/\/|#) flint:begin (\S+) (\w+)$/;
const SECTION_END = /^(?:\/\/|#) flint:end\b/;

/** Where a section of Flint's file is: its function, its hash, and its body's lines [start, end). */
export interface SectionRange {
  name: string;
  hash: string;
  start: number;
  end: number;
}

/** The sections of Flint's file, by their markers (a section that never ends is not one). */
export function sectionRanges(lines: string[]): SectionRange[] {
  const out: SectionRange[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = SECTION.exec(lines[i]);
    if (!m) continue;
    let end = i + 1;
    while (end < lines.length && !SECTION_END.test(lines[end])) end++;
    if (end === lines.length) break;
    out.push({ name: m[1], hash: m[2], start: i + 1, end });
    i = end;
  }
  return out;
}

/** The section whose body holds `line`, if any. */
export function sectionAt(lines: string[], line: number): SectionRange | undefined {
  return sectionRanges(lines).find((r) => line >= r.start && line < r.end);
}

/** The sections of an existing Flint test file (its header is rebuilt each time). */
export function parseSections(text: string): TestSection[] {
  const lines = text.split(/\r?\n/);
  return sectionRanges(lines).map((r) => ({ name: r.name, hash: r.hash, body: lines.slice(r.start, r.end).join('\n') }));
}

/** What the generated tests may use without importing it (told to the model, written in the header). */
export function headerImports(framework: Framework, testPath: string, sourcePath: string, names: string[]): string[] {
  const from = importSpecifier(testPath, sourcePath, framework);
  const fns = names.map(importedName).filter((n, i, all) => all.indexOf(n) === i);
  switch (framework.id) {
    case 'vitest':
      return [`import { describe, expect, it } from 'vitest';`, ...(fns.length ? [`import { ${fns.join(', ')} } from '${from}';`] : [])];
    case 'jest':
      return fns.length ? [`import { ${fns.join(', ')} } from '${from}';`] : [];
    case 'node:test':
      return [`import { describe, it } from 'node:test';`, `import assert from 'node:assert/strict';`, ...(fns.length ? [`import { ${fns.join(', ')} } from '${from}';`] : [])];
    case 'pytest':
      return fns.length ? [`from ${from} import ${fns.join(', ')}`] : [];
    case 'go test':
      return ['import "testing"'];
  }
}

/**
 * Flint's test file for a source file: a header naming what it is, the imports (of the
 * functions the source still has: `present`), then one delimited section per function.
 */
export function composeFlintTestFile(framework: Framework, testPath: string, sourcePath: string, sections: TestSection[], goPackage?: string, present?: (name: string) => boolean): string {
  const c = comment(framework);
  const lines = [
    `${c} Tests of ${basename(sourcePath)} written by Flint. Flint adds tests here for new and changed functions and changes no test without your Accept; tests that fail after a change are reported, never rewritten.`,
  ];
  if (framework.language === 'go') lines.push(`package ${goPackage ?? 'main'}`, '');
  const names = sections.map((s) => s.name).filter((n) => present?.(n) ?? true);
  lines.push(...headerImports(framework, testPath, sourcePath, names));
  for (const s of sections) lines.push('', `${c} flint:begin ${s.name} ${s.hash}`, s.body.replace(/\s+$/, ''), `${c} flint:end ${s.name}`);
  return `${lines.join('\n')}\n`;
}

/** The package clause of a Go source file. */
export function goPackageOf(source: string): string | undefined {
  return /^package\s+(\w+)/m.exec(source)?.[1];
}
