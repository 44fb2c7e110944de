import { describe, expect, it } from 'vitest';
import { findSecret } from '../../src/privacy/secretScan';
import { SecretScanner } from '../../src/privacy/secretScanner';

// Built from parts so that no complete credential sits in the source.
const GITHUB = ['ghp', '_', 'A'.repeat(36)].join('');
const PEM = ['-----BEGIN', ' RSA PRIVATE', ' KEY-----'].join('');
const OPENAI = ['sk', '-proj-', 'b'.repeat(40)].join('');
const AWS_NAME = ['aws', '_secret_', 'access_key'].join('');
const AWS_VALUE = 'Q'.repeat(40);

const code = Array.from({ length: 40 }, (_, i) => `  const value${i} = compute(${i}, "text ${i}");`);

/** Every prefix/suffix split of `lines` at each line and a few columns, as typing would see them. */
function windows(lines: string[]): string[] {
  const text = lines.join('\n');
  const out: string[] = [];
  let offset = 0;
  for (const line of lines) {
    for (const col of [0, 1, Math.floor(line.length / 2), line.length]) {
      out.push(text.slice(0, offset + col), text.slice(offset + col));
    }
    offset += line.length + 1;
  }
  return out;
}

describe('SecretScanner', () => {
  const cases: Record<string, string[]> = {
    clean: code,
    'token in the middle': [...code.slice(0, 20), `const t = "${GITHUB}";`, ...code.slice(20)],
    'key on the first line': [PEM, ...code],
    'key on the last line': [...code, `key = ${OPENAI}`],
    'AWS secret over several lines': [...code.slice(0, 10), `${AWS_NAME} =`, '', `   "${AWS_VALUE}"`, ...code.slice(10)],
    'two kinds, the later one first in the rules': [...code.slice(0, 5), `x = "${OPENAI}"`, ...code.slice(5, 9), PEM, ...code.slice(9)],
    'a token typed a character at a time': [...code.slice(0, 3), `t = ${GITHUB.slice(0, 30)}`, ...code.slice(3)],
  };

  for (const [name, lines] of Object.entries(cases)) {
    it(`answers as findSecret does for every window of a file (${name})`, () => {
      const scanner = new SecretScanner();
      for (const text of windows(lines)) expect(scanner.find(text), JSON.stringify(text.slice(0, 60))).toEqual(findSecret(text));
    });
  }

  it('answers as findSecret does while a token is typed out on one line', () => {
    const scanner = new SecretScanner();
    const before = code.slice(0, 20).join('\n');
    const after = code.slice(20).join('\n');
    for (let i = 0; i <= GITHUB.length; i++) {
      const prefix = `${before}\nconst t = "${GITHUB.slice(0, i)}`;
      const suffix = `";\n${after}`;
      expect(scanner.find(prefix)).toEqual(findSecret(prefix));
      expect(scanner.find(suffix)).toEqual(findSecret(suffix));
    }
    expect(scanner.find(`${before}\nconst t = "${GITHUB}`)).toMatchObject({ kind: 'a GitHub token', line: 21 });
  });

  it('does not answer from memory for a block that changed', () => {
    const scanner = new SecretScanner();
    const clean = `${code.join('\n')}\nx`;
    expect(scanner.find(clean)).toBeUndefined();
    const edited = `${code.slice(0, 10).join('\n')}\n${PEM}\n${code.slice(10).join('\n')}\nx`;
    expect(scanner.find(edited)).toMatchObject({ kind: 'a private key (PEM block)', line: 11 });
  });
});
