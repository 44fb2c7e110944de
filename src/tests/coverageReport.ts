import { isAbsolute, join } from 'node:path';

/** One statement (or line) a coverage report knows of: 0-based lines, and how often it ran. */
export interface CoveredStatement {
  line: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  count: number;
}

/** What a run reached in one source file. */
export interface FileCoverageData {
  /** Absolute path. */
  path: string;
  statements: CoveredStatement[];
}

/** Raised when a coverage report cannot be read; the run's results still stand. */
export class UnreadableCoverage extends Error {}

interface IstanbulFile {
  path?: string;
  statementMap?: Record<string, { start: { line: number; column: number | null }; end: { line: number; column: number | null } }>;
  s?: Record<string, number>;
}

/** Istanbul's coverage-final.json, which vitest and jest write with their v8 provider and the json reporter. */
export function parseIstanbulJson(text: string): FileCoverageData[] {
  let json: Record<string, IstanbulFile>;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UnreadableCoverage(`the coverage report is not JSON (${(err as Error).message})`);
  }
  return Object.entries(json).map(([key, file]) => ({
    path: file.path ?? key,
    statements: Object.entries(file.statementMap ?? {}).map(([id, loc]) => ({
      line: loc.start.line - 1,
      column: loc.start.column ?? 0,
      endLine: loc.end.line - 1,
      ...(loc.end.column !== null ? { endColumn: loc.end.column } : {}),
      count: file.s?.[id] ?? 0,
    })),
  }));
}

/** coverage.py's JSON report (pytest-cov's --cov-report=json): executed and missing lines per file. */
export function parseCoveragePyJson(text: string, projectDir: string): FileCoverageData[] {
  let json: { files?: Record<string, { executed_lines?: number[]; missing_lines?: number[] }> };
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UnreadableCoverage(`the coverage report is not JSON (${(err as Error).message})`);
  }
  if (!json.files) throw new UnreadableCoverage('the coverage report has no files');
  return Object.entries(json.files).map(([name, f]) => ({
    path: isAbsolute(name) ? name : join(projectDir, name),
    statements: [...(f.executed_lines ?? []).map((l) => ({ line: l - 1, count: 1 })), ...(f.missing_lines ?? []).map((l) => ({ line: l - 1, count: 0 }))].sort((a, b) => a.line - b.line),
  }));
}

/**
 * `go test -coverprofile`: "mode: set", then `file:startLine.startCol,endLine.endCol statements
 * count` per block; files are named by import path, mapped back under the module's folder.
 */
export function parseGoCoverProfile(text: string, projectDir: string, modulePath: string): FileCoverageData[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (!lines[0]?.startsWith('mode:')) throw new UnreadableCoverage('the coverage profile has no mode line');
  const files = new Map<string, CoveredStatement[]>();
  for (const l of lines.slice(1)) {
    const m = /^(.+):(\d+)\.(\d+),(\d+)\.(\d+) \d+ (\d+)$/.exec(l);
    if (!m) continue;
    const rel = modulePath && m[1].startsWith(`${modulePath}/`) ? m[1].slice(modulePath.length + 1) : m[1];
    const path = isAbsolute(rel) ? rel : join(projectDir, rel);
    const list = files.get(path) ?? [];
    list.push({ line: Number(m[2]) - 1, column: Number(m[3]) - 1, endLine: Number(m[4]) - 1, endColumn: Number(m[5]) - 1, count: Number(m[6]) });
    files.set(path, list);
  }
  return [...files].map(([path, statements]) => ({ path, statements }));
}

/** The module path a go.mod declares. */
export function goModulePath(goMod: string): string {
  return /^module\s+(\S+)/m.exec(goMod)?.[1] ?? '';
}
