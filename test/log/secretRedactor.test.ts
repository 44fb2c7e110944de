import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log/logger';
import { redactingLogger } from '../../src/log/redactingLogger';
import { secretRedactor } from '../../src/log/secretRedactor';

const KEY = 'sk-proj-Zq8+x/Tt9=wLmN4vB2cD7eF1gH3';

/** The encodings a key has been seen to slip through logs in. */
function leaks(key: string): Record<string, string> {
  return {
    verbatim: key,
    'upper case': key.toUpperCase(),
    'URL-encoded': encodeURIComponent(key),
    'echoed Basic header': Buffer.from(`user:${key}`).toString('base64'),
    'base64, aligned': Buffer.from(key).toString('base64'),
    'base64, offset 2': Buffer.from(`xy${key}`).toString('base64'),
    hex: Buffer.from(key).toString('hex'),
    'HEX': Buffer.from(key).toString('hex').toUpperCase(),
    'zero-width inside': `${key.slice(0, 10)}\u200b${key.slice(10, 20)}\u2060${key.slice(20)}`,
    'JSON-escaped': JSON.stringify(key).slice(1, -1),
  };
}

function capture(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const push = (m: string | Error, ...a: unknown[]) => lines.push([String(m), ...a.map(String)].join(' '));
  return { logger: { trace: push, debug: push, info: push, warn: push, error: push }, text: () => lines.join('\n') };
}

/** True when `text` still holds 8 or more consecutive characters of any form of the key. */
function holdsKey(text: string, key: string): boolean {
  const visible = text.replace(/[\u200b\u2060]/g, '').toLowerCase();
  return Object.values(leaks(key)).some((form) => {
    const f = form.toLowerCase().replace(/[\u200b\u2060]/g, '');
    for (let i = 0; i + 8 <= f.length; i++) if (visible.includes(f.slice(i, i + 8))) return true;
    return false;
  });
}

describe('secretRedactor', () => {
  it.each(Object.entries(leaks(KEY)))('removes the key %s', (_name, form) => {
    const out = secretRedactor([KEY])(`server said: Authorization ${form} (end)`);
    expect(out).toContain('[redacted]');
    expect(holdsKey(out, KEY)).toBe(false);
    expect(out).toMatch(/^server said: Authorization .*\(end\)$/);
  });

  it('leaves text without the key as it was', () => {
    const text = 'request: chat fast ws lane 3, first token 41 ms, 1,204 tokens/s; Base64 aGVsbG8gd29ybGQ=';
    expect(secretRedactor([KEY])(text)).toBe(text);
  });

  it('redacts keys shorter than four characters too', () => {
    expect(secretRedactor(['q7'])('key=q7; KEY=Q7')).toBe('key=[redacted]; KEY=[redacted]');
  });

  it('stays linear on long lines', () => {
    const long = 'a'.repeat(200_000) + KEY;
    const out = secretRedactor([KEY])(long);
    expect(out.endsWith('[redacted]')).toBe(true);
  });
});

describe('redactingLogger with the key in any encoding', () => {
  it('keeps every form out of messages and arguments', () => {
    const { logger, text } = capture();
    const log = redactingLogger(logger, () => [KEY]);
    for (const [name, form] of Object.entries(leaks(KEY))) log.info(`${name}: ${form}`);
    log.warn('headers', { Authorization: `Basic ${Buffer.from(`:${KEY}`).toString('base64')}` });
    expect(holdsKey(text(), KEY)).toBe(false);
  });

  it('keeps a key holding quotes and backslashes out when it is logged inside an object', () => {
    const odd = 'k"ey\\with"quotes\\0123456789';
    const { logger, text } = capture();
    redactingLogger(logger, () => [odd]).info('request', { headers: { authorization: odd } });
    expect(text()).not.toContain(JSON.stringify(odd).slice(1, -1));
    expect(text()).toContain('[redacted]');
  });

  it('leaves no usable piece when the key is split across two log calls', () => {
    const { logger, text } = capture();
    const log = redactingLogger(logger, () => [KEY]);
    const cut = 17;
    log.info(`part one ${KEY.slice(0, cut)}`);
    log.info(`${KEY.slice(cut)} part two`);
    expect(text()).not.toContain(KEY.slice(0, cut));
    expect(text()).not.toContain(KEY.slice(cut));
    expect(text()).toMatch(/part one \[redacted\]\n\[redacted\] part two/);
  });
});

describe('redactingLogger line length', () => {
  it('caps a huge line, and what it keeps holds no key', () => {
    const { logger, text } = capture();
    redactingLogger(logger, () => [KEY]).info(`${KEY} ${'x'.repeat(100_000)} ${KEY}`);
    expect(text().length).toBeLessThan(20_100);
    expect(text()).toMatch(/more characters\)$/);
    expect(holdsKey(text(), KEY)).toBe(false);
  });
});
