/**
 * Counts how often the ghost-text line (the engine and the stages under pipeline/) enters each
 * file of src/completions: a call from a line file into a function or method of another file
 * (getters and fields aside). Modules are wrapped by `countedModule` in the test's module mocks;
 * the caller's file is read from the stack, so a call from a callback the line set up (a wait on
 * a stream) is the line's too.
 */
const counts = new Map<string, number>();
const SRC = /src\/completions\/([\w/]+)\.ts/;
const LINE = /^(completionEngine|pipeline\/\w+)$/;

function callerFile(): string | undefined {
  // [0] the message, [1] callerFile, [2] note, [3] the wrapper, [4] its caller.
  const frame = new Error().stack?.split('\n')[4] ?? '';
  return SRC.exec(frame)?.[1];
}

function note(file: string): void {
  const from = callerFile();
  if (from === undefined || from === file || !LINE.test(from)) return;
  counts.set(file, (counts.get(file) ?? 0) + 1);
}

function wrap<F extends (...args: never[]) => unknown>(fn: F, file: string): F {
  return function (this: unknown, ...args: Parameters<F>) {
    note(file);
    return fn.apply(this, args);
  } as F;
}

function isClass(value: unknown): value is new (...args: never[]) => unknown {
  return typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
}

/** `module` (the file `file` under src/completions) with every function and method counted. */
export function countedModule<M extends Record<string, unknown>>(module: M, file: string): M {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) {
    if (isClass(value)) {
      const proto = value.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const d = Object.getOwnPropertyDescriptor(proto, key);
        if (key === 'constructor' || !d || typeof d.value !== 'function') continue;
        Object.defineProperty(proto, key, { ...d, value: wrap(d.value as (...args: never[]) => unknown, file) });
      }
      out[name] = value;
    } else out[name] = typeof value === 'function' ? wrap(value as (...args: never[]) => unknown, file) : value;
  }
  return out as M;
}

/** The entries counted since the last call, by file. */
export function takeEntries(): Record<string, number> {
  const taken = Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
  counts.clear();
  return taken;
}
