import type { TestCaseResult, TestStatus } from './testTypes';

/** Raised when a runner's results cannot be read; the run is then marked errored. */
export class UnreadableOutput extends Error {}

function status(s: string): TestStatus {
  if (s === 'passed' || s === 'pass') return 'passed';
  if (s === 'failed' || s === 'fail') return 'failed';
  return 'skipped';
}

interface JestAssertion {
  ancestorTitles?: string[];
  title?: string;
  fullName?: string;
  status?: string;
  failureMessages?: string[];
  location?: { line?: number } | null;
  duration?: number | null;
}

/** vitest's json reporter and jest's --json share one shape. */
export function parseJestJson(text: string): { tests: TestCaseResult[]; suiteErrors: string[] } {
  let json: { testResults?: { assertionResults?: JestAssertion[]; message?: string; status?: string }[] };
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UnreadableOutput(`the results are not JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(json.testResults)) throw new UnreadableOutput('the results have no testResults');
  const tests: TestCaseResult[] = [];
  const suiteErrors: string[] = [];
  for (const file of json.testResults) {
    if (file.status === 'failed' && file.message && (file.assertionResults ?? []).length === 0) suiteErrors.push(file.message);
    for (const a of file.assertionResults ?? []) {
      const title = a.title ?? '';
      const name = [...(a.ancestorTitles ?? []), title].join(' > ');
      const failures = (a.failureMessages ?? []).join('\n');
      tests.push({
        name,
        title,
        status: status(a.status ?? ''),
        ...(failures ? { message: failures } : {}),
        ...(a.location?.line ? { line: a.location.line - 1 } : {}),
        ...(typeof a.duration === 'number' ? { durationMs: a.duration } : {}),
      });
    }
  }
  return { tests, suiteErrors };
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return m ? unescapeXml(m[1]) : undefined;
}

/** pytest's --junitxml report. */
export function parseJunitXml(text: string): { tests: TestCaseResult[]; suiteErrors: string[] } {
  if (!/<testsuites?\b/.test(text)) throw new UnreadableOutput('the results are not a JUnit XML report');
  const tests: TestCaseResult[] = [];
  const suiteErrors: string[] = [];
  const re = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const tag = m[1];
    const inner = m[3] ?? '';
    const title = attr(tag, 'name') ?? '';
    const classname = attr(tag, 'classname') ?? '';
    const failure = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(inner);
    const skipped = /<skipped\b/.test(inner);
    const line = attr(tag, 'line');
    const time = attr(tag, 'time');
    const message = failure ? [attr(failure[2], 'message'), failure[3] ? unescapeXml(failure[3]) : undefined].filter(Boolean).join('\n') : undefined;
    // A collection error (the file does not import) is reported as a test case of its own.
    if (failure && (!classname || /collection failure/.test(failure[2]))) suiteErrors.push(message ?? 'error');
    tests.push({
      // pytest names a test function's module as its class: only a Test class is a group.
      name: /^Test/.test(classname.split('.').pop() ?? '') ? `${classname.split('.').pop()} > ${title}` : title,
      title,
      status: failure ? 'failed' : skipped ? 'skipped' : 'passed',
      ...(message ? { message } : {}),
      ...(line !== undefined && /^\d+$/.test(line) ? { line: Number(line) } : {}),
      ...(time ? { durationMs: Number(time) * 1000 } : {}),
    });
  }
  return { tests, suiteErrors };
}

/** node --test's TAP reporter (subtests nest by four spaces; describe blocks are subtests too). */
export function parseTap(text: string): { tests: TestCaseResult[]; suiteErrors: string[] } {
  if (!/^TAP version|^\s*(not )?ok \d+/m.test(text)) throw new UnreadableOutput('the results are not TAP');
  const lines = text.split(/\r?\n/);
  const tests: TestCaseResult[] = [];
  const path: string[] = [];
  const hasChildren = new Set<string>();
  const raw: { depth: number; result: TestCaseResult; key: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    // Children are reported before their parent's result: the path comes from the Subtest lines.
    const sub = /^(\s*)# Subtest: (.*)$/.exec(lines[i]);
    if (sub) {
      path.length = sub[1].length / 4;
      path.push(sub[2]);
      continue;
    }
    const m = /^(\s*)(not ok|ok) \d+ - (.*?)(\s+#\s*(SKIP|TODO).*)?$/.exec(lines[i]);
    if (!m) continue;
    const depth = m[1].length / 4;
    path.length = depth;
    const title = m[3].replace(/\\#/g, '#');
    let message: string | undefined;
    // The YAML block under a failure holds the error and the location.
    let line: number | undefined;
    if (m[2] === 'not ok') {
      const block: string[] = [];
      for (let j = i + 1; j < lines.length && !/^\s*(not ok|ok) \d+|^\s*# Subtest/.test(lines[j]); j++) block.push(lines[j].trim());
      const error = block.findIndex((l) => l.startsWith('error:'));
      if (error >= 0) {
        const rest = block.slice(error + 1);
        const end = rest.findIndex((l) => /^[A-Za-z_]+:( |$)/.test(l) || l === '...');
        const first = block[error].replace(/^error:\s*(\|-?)?\s*/, '').replace(/^'(.*)'$/, '$1');
        message = [first, ...rest.slice(0, end < 0 ? undefined : end)].join('\n').trim();
      } else message = block.join('\n');
      const loc = block.find((l) => l.startsWith('location:'));
      const lm = loc ? /:(\d+):\d+'?$/.exec(loc) : null;
      if (lm) line = Number(lm[1]) - 1;
    }
    const key = [...path.slice(0, depth), title].join(' > ');
    if (depth > 0) hasChildren.add(path.slice(0, depth).join(' > '));
    raw.push({ depth, key, result: { name: key, title, status: m[5] ? 'skipped' : m[2] === 'ok' ? 'passed' : 'failed', ...(message ? { message } : {}), ...(line !== undefined ? { line } : {}) } });
  }
  // Parents (describe blocks) are reported after their children: keep only the leaves.
  for (const r of raw) if (!hasChildren.has(r.key)) tests.push(r.result);
  return { tests, suiteErrors: [] };
}

/** `go test -json`: one event per line. */
export function parseGoJson(text: string): { tests: TestCaseResult[]; suiteErrors: string[]; output: string } {
  const outputs = new Map<string, string>();
  const tests: TestCaseResult[] = [];
  let all = '';
  let any = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let e: { Action?: string; Test?: string; Output?: string; Elapsed?: number };
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    any = true;
    if (e.Output) {
      all += e.Output;
      if (e.Test) outputs.set(e.Test, (outputs.get(e.Test) ?? '') + e.Output);
    }
    if (e.Test && (e.Action === 'pass' || e.Action === 'fail' || e.Action === 'skip')) {
      tests.push({
        name: e.Test.replace(/\//g, ' > '),
        title: e.Test.split('/').pop()!,
        status: status(e.Action === 'skip' ? 'skipped' : e.Action),
        ...(e.Action === 'fail' ? { message: outputs.get(e.Test) ?? '' } : {}),
        ...(typeof e.Elapsed === 'number' ? { durationMs: e.Elapsed * 1000 } : {}),
      });
    }
  }
  if (!any) throw new UnreadableOutput('go test printed no JSON events');
  return { tests, suiteErrors: [], output: all };
}

/** The 0-based line declaring a test titled `title` in the test file's text, when found. */
export function findTestLine(text: string, title: string): number | undefined {
  const lines = text.split(/\r?\n/);
  const esc = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(\\b(it|test)(\\.\\w+)?\\s*\\(\\s*['"\`]${esc}['"\`])|\\bdef\\s+${esc}\\s*\\(|\\bfunc\\s+${esc}\\s*\\(`);
  const i = lines.findIndex((l) => re.test(l));
  return i >= 0 ? i : undefined;
}
