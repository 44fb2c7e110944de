import { describe, expect, it } from 'vitest';
import { findSecret, maskSecrets, secretPlaceholder, secretRefusal } from '../../src/privacy/secretScan';

// Built from parts so that this file itself holds no credential-shaped string.
const j = (...parts: string[]) => parts.join('');
const A36 = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';

const secrets: Array<[kind: RegExp, text: string]> = [
  [/PEM/, j('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIEow...\n-----END RSA PRIVATE KEY-----')],
  [/PEM/, j('-----BEGIN ', 'OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=')],
  [/PEM/, j('-----BEGIN ', 'PRIVATE KEY-----')],
  [/PEM/, j('-----BEGIN ', 'ENCRYPTED PRIVATE KEY-----')],
  [/PEM/, j('-----BEGIN PGP ', 'PRIVATE KEY BLOCK-----')],
  [/PEM/, j('{"type": "service_account", "private_key": "-----BEGIN ', 'PRIVATE KEY-----\\nMIIE"}')],
  [/PuTTY/, j('PuTTY-User-', 'Key-File-3: ssh-ed25519')],
  [/AWS access key/, j('aws_access_key_id = ', 'AKIA', 'IOSFODNN7EXAMPLE')],
  [/AWS secret/, j('aws_secret_access_key = ', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')],
  [/GitHub/, j('token: gh', 'p_', A36)],
  [/GitHub/, j('github_', 'pat_', '11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz')],
  [/GitLab/, j('gl', 'pat-', 'xxxxxxxxxxxxxxxxxxxx')],
  [/Slack/, j('xo', 'xb-', '123456789012-1234567890123-abcdefghij')],
  [/Slack/, j('https://hooks.slack.com/services/', 'T00000000/B00000000/', 'XXXXXXXXXXXXXXXXXXXXXXXX')],
  [/OpenAI/, j('OPENAI_API_KEY=', 'sk-', 'proj-', A36)],
  [/OpenAI or Anthropic/, j('sk-', 'ant-api03-', A36)],
  [/Stripe/, j('sk_', 'live_', '4eC39HqLyjWDarjtT1zdp7dc')],
  [/Google API key/, j('AI', 'za', 'SyD-1234567890abcdefghijklmnopqrstu')],
  [/Google OAuth/, j('GOC', 'SPX-', 'abcdefghijklmnopqrstuvwxyz12')],
  [/npm/, j('//registry.npmjs.org/:_authToken=', 'npm_', A36)],
  [/Hugging Face/, j('hf', '_', 'abcdefghijklmnopqrstuvwxyzABCDEFGH')],
  [/JSON Web Token/, j('Authorization: Bearer ', 'eyJhbGciOiJIUzI1NiJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', '.', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U')],
];

describe('findSecret', () => {
  it.each(secrets)('finds %s', (kind, text) => {
    const found = findSecret(`const x = 1;\n${text}\n`);
    expect(found?.kind).toMatch(kind);
    expect(found?.line).toBe(2);
  });

  it.each([
    'export function add(a: number, b: number) { return a + b; }',
    'const key = process.env.OPENAI_API_KEY;',
    'headers: { Authorization: `Bearer ${token}` }',
    '// -----BEGIN CERTIFICATE----- is public, not a key',
    'const sk = "sk-short";',
    'aws_secret_access_key = os.environ["AWS_SECRET_ACCESS_KEY"]',
    'const ghp = "ghp_"; const AKIA = 1;',
    'task-list: sk_live is a Stripe prefix',
  ])('lets ordinary code through: %s', (text) => {
    expect(findSecret(text)).toBeUndefined();
  });

  it('reports the first secret by position, never quoting it', () => {
    const text = j('a\nb\n', 'gh', 'p_', A36, '\n', '-----BEGIN ', 'PRIVATE KEY-----');
    const why = secretRefusal('src/config.ts', text)!;
    expect(why).toMatch(/^Flint does not send src\/config\.ts to a model: line 3 looks like a GitHub token\./);
    expect(why).not.toContain(A36);
    expect(secretRefusal('a.ts', 'const a = 1;')).toBeUndefined();
  });

  it('answers right on a 200 KB file in both cases (cost is in the benchmark notes)', () => {
    const code = 'export function f(x: number): number {\n  return x * 2; // sk- AKIA eyJ gh\n}\n';
    const big = code.repeat(Math.ceil(200_000 / code.length));
    expect(findSecret(big)).toBeUndefined();
    expect(findSecret(`${big}${j('-----BEGIN ', 'EC PRIVATE KEY-----')}`)?.kind).toMatch(/PEM/);
  });
});

describe('maskSecrets', () => {
  it.each(secrets)('masks %s, keeping the text around it', (kind, text) => {
    const masked = maskSecrets(`const x = 1;\n${text}\nexport const y = 2;\n`);
    expect(masked.kinds).toHaveLength(1);
    expect(masked.kinds[0]).toMatch(kind);
    expect(masked.text).toContain(secretPlaceholder(masked.kinds[0]));
    expect(masked.text.startsWith('const x = 1;\n')).toBe(true);
    expect(findSecret(masked.text)).toBeUndefined();
  });

  it('masks a private key from its BEGIN line to its END line, and the code after it stays', () => {
    const pem = j('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7secretbody\nQ2xhc3N5\n-----END RSA PRIVATE KEY-----');
    const masked = maskSecrets(`const pem = \`${pem}\`;\nexport function sign() {}\n`);
    expect(masked.text).toBe(`const pem = \`${secretPlaceholder(masked.kinds[0])}\`;\nexport function sign() {}\n`);
    expect(masked.text).not.toContain('MIIEow');
  });

  it('masks an AWS secret key value and keeps its name', () => {
    const masked = maskSecrets(j('aws_secret_access_key = ', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'));
    expect(masked.text).toBe(`aws_secret_access_key = ${secretPlaceholder('an AWS secret access key')}`);
  });

  it('masks every sample token of a test file, each kind named once', () => {
    const jwt = (sub: string) => j('eyJhbGciOiJIUzI1NiJ9', '.', `eyJzdWIiOi${sub}IxMjM0NTY3ODkwIn0`, '.', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U');
    const text = `it('decodes', () => {\n  decode('${jwt('A')}');\n  decode('${jwt('B')}');\n  const gh = '${j('gh', 'p_', A36)}';\n});\n`;
    const masked = maskSecrets(text);
    expect(masked.kinds).toEqual(['a GitHub token', 'a JSON Web Token']);
    expect(masked.text.split(secretPlaceholder('a JSON Web Token'))).toHaveLength(3);
    expect(masked.text).toContain("it('decodes', () => {\n  decode('");
    expect(findSecret(masked.text)).toBeUndefined();
  });

  it('gives ordinary code back as it is', () => {
    const code = 'const key = process.env.OPENAI_API_KEY;\n// -----BEGIN CERTIFICATE----- is public\n';
    expect(maskSecrets(code)).toEqual({ text: code, kinds: [] });
  });
});
