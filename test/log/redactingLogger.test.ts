import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log/logger';
import { redact, redactingLogger } from '../../src/log/redactingLogger';

function capture(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const push = (m: string | Error, ...a: unknown[]) => lines.push([String(m), ...a.map(String)].join(' '));
  return { logger: { trace: push, debug: push, info: push, warn: push, error: push }, lines };
}

describe('redactingLogger', () => {
  it('removes the known key from messages, arguments and errors', () => {
    const { logger, lines } = capture();
    const key = 'SENTINEL-KEY-1234567';
    const log = redactingLogger(logger, () => [key]);
    log.info(`connecting with ${key}`);
    log.warn('headers', { Authorization: `Bearer ${key}` });
    log.error(new Error(`rejected ${key}`));
    expect(lines.join('\n')).not.toContain(key);
    expect(lines.join('\n')).toContain('[redacted]');
  });

  it('removes credential-shaped strings it was not told about', () => {
    expect(redact('key sk-proj-abcdefghijkl used', [])).toBe('key [redacted] used');
    expect(redact('Authorization: Bearer abc.def', [])).toBe('Authorization: Bearer [redacted]');
  });
});
