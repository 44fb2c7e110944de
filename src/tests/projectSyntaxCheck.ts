import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { ProcessRunner } from './processRunner';
import { bracketProblem, type SyntaxChecker } from './syntaxCheck';

/** The parts of the TypeScript compiler API the check uses. */
interface TypeScriptApi {
  createSourceFile(name: string, text: string, target: number, setParents?: boolean, kind?: number): { parseDiagnostics?: { messageText: unknown; start?: number }[] };
  ScriptTarget: { Latest: number };
  flattenDiagnosticMessageText(m: unknown, newLine: string): string;
}

/**
 * Syntax checks with each language's own parser, found in the project: the project's TypeScript
 * compiler for TS/JS (every TypeScript project has it; Flint does not ship a copy), Python's
 * `ast` for Python, `gofmt -e` for Go. Where none is found, the bracket check alone.
 */
export function projectSyntaxCheck(spawn: ProcessRunner): SyntaxChecker {
  const compilers = new Map<string, TypeScriptApi | null>();
  const typescriptOf = (dir: string): TypeScriptApi | null => {
    if (!compilers.has(dir)) {
      try {
        // Resolved from the test file's folder up, as the project's own tools resolve it.
        compilers.set(dir, createRequire(`${dir}/`)('typescript') as TypeScriptApi);
      } catch {
        compilers.set(dir, null);
      }
    }
    return compilers.get(dir)!;
  };
  return async (code, fileName, language) => {
    const cheap = bracketProblem(code, language);
    if (cheap) return cheap;
    if (language === 'js') {
      const ts = typescriptOf(dirname(fileName));
      if (!ts) return undefined;
      const diags = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false).parseDiagnostics ?? [];
      if (diags.length === 0) return undefined;
      const d = diags[0];
      const line = d.start === undefined ? '' : `line ${code.slice(0, d.start).split('\n').length}: `;
      return `${line}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    }
    const argv = language === 'python' ? ['python3', '-c', 'import ast, sys\nast.parse(sys.stdin.read(), sys.argv[1])', fileName] : ['gofmt', '-e'];
    const r = await spawn({ argv, cwd: dirname(fileName), timeoutMs: 10_000, input: code });
    // No parser here (or it hung): the bracket check has passed, the runner will tell the rest.
    if (r.startError || r.timedOut) return undefined;
    if (r.code === 0) return undefined;
    const lines = r.stderr.trim().split('\n');
    return language === 'python' ? lines.slice(-3).join(' ').replace(/\s+/g, ' ') : lines[0];
  };
}
