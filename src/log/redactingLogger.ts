import type { Logger } from './logger';

/** Anything that looks like a bearer credential, whether or not we know it. */
const CREDENTIAL_PATTERNS = [/\bsk-[A-Za-z0-9_-]{8,}/g, /(Bearer\s+)[^\s"',]+/gi];

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('[redacted]');
  for (const p of CREDENTIAL_PATTERNS) out = out.replace(p, (_m, prefix?: string) => (typeof prefix === 'string' ? `${prefix}[redacted]` : '[redacted]'));
  return out;
}

function redactArg(arg: unknown, secrets: readonly string[]): unknown {
  if (typeof arg === 'string') return redact(arg, secrets);
  if (arg instanceof Error) return redact(`${arg.name}: ${arg.message}`, secrets);
  if (arg && typeof arg === 'object') {
    try {
      return redact(JSON.stringify(arg), secrets);
    } catch {
      return '[unserializable]';
    }
  }
  return arg;
}

/**
 * Wraps a logger so that no known secret (the API key) and nothing shaped like a credential
 * reaches the log, whatever a module passes in. `secrets` is read at each call, so a key set
 * later is covered too.
 */
export function redactingLogger(inner: Logger, secrets: () => readonly string[]): Logger {
  const wrap =
    (fn: (m: string, ...a: unknown[]) => void) =>
    (message: string | Error, ...args: unknown[]) => {
      const s = secrets();
      const m = message instanceof Error ? `${message.name}: ${message.message}` : message;
      fn(redact(m, s), ...args.map((a) => redactArg(a, s)));
    };
  return {
    trace: wrap(inner.trace.bind(inner)),
    debug: wrap(inner.debug.bind(inner)),
    info: wrap(inner.info.bind(inner)),
    warn: wrap(inner.warn.bind(inner)),
    error: wrap((m, ...a) => inner.error(m, ...a)),
  };
}
