import type { Logger } from './logger';
import { secretRedactor } from './secretRedactor';

/** Longest line kept: a log line is read by a person, and redaction is linear in it. */
const MAX_LINE = 20_000;

/** Anything that looks like a bearer credential, whether or not we know it. */
const CREDENTIAL_PATTERNS = [/\bsk-[A-Za-z0-9_-]{8,}/g, /(Bearer\s+)[^\s"',]+/gi, /(Basic\s+)[A-Za-z0-9+/=]{8,}/gi];

export function redact(text: string, secrets: readonly string[]): string {
  return redactPatterns(secretRedactor(secrets)(text));
}

function redactPatterns(text: string): string {
  let out = text;
  for (const p of CREDENTIAL_PATTERNS) out = out.replace(p, (_m, prefix?: string) => (typeof prefix === 'string' ? `${prefix}[redacted]` : '[redacted]'));
  return out;
}

function stringify(arg: unknown): unknown {
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  if (arg && typeof arg === 'object') {
    try {
      return JSON.stringify(arg);
    } catch {
      return '[unserializable]';
    }
  }
  return arg;
}

/**
 * Wraps a logger so that no known secret (the API key, in any encoding) and nothing shaped like
 * a credential reaches the log, whatever a module passes in. `secrets` is read at each call, so
 * a key set later is covered too; the redactor is rebuilt only when the secrets change.
 */
export function redactingLogger(inner: Logger, secrets: () => readonly string[]): Logger {
  let known = '';
  let redactor = secretRedactor([]);
  const clean = (full: string) => {
    const text = full.length > MAX_LINE ? `${full.slice(0, MAX_LINE)}… (${full.length - MAX_LINE} more characters)` : full;
    const s = secrets();
    const id = JSON.stringify(s);
    if (id !== known) {
      known = id;
      redactor = secretRedactor(s);
    }
    return redactPatterns(redactor(text));
  };
  const wrap =
    (fn: (m: string, ...a: unknown[]) => void) =>
    (message: string | Error, ...args: unknown[]) => {
      const m = message instanceof Error ? `${message.name}: ${message.message}` : message;
      fn(clean(m), ...args.map((a) => {
        const s = stringify(a);
        return typeof s === 'string' ? clean(s) : s;
      }));
    };
  return {
    trace: wrap(inner.trace.bind(inner)),
    debug: wrap(inner.debug.bind(inner)),
    info: wrap(inner.info.bind(inner)),
    warn: wrap(inner.warn.bind(inner)),
    error: wrap((m, ...a) => inner.error(m, ...a)),
  };
}
