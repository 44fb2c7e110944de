import { describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';

describe('createDenyList', () => {
  const denied = createDenyList([]);

  it.each([
    '.env', 'app/.env.local', 'config/.env.production', 'prod.env', 'deploy/app.env', 'C:\\Users\\me\\proj\\.env',
    'certs/server.pem', 'tls/private.key', 'id_rsa', 'keys/id_rsa.pub', 'deploy/ID_RSA', 'id_ed25519', 'id_ecdsa', 'id_dsa',
    '.npmrc', 'web/.npmrc', '.netrc', '.pypirc', '.git-credentials', 'credentials.json', 'credentials-prod.json',
    '.aws/credentials', '.aws/config', 'home/.aws/sso/cache/x.json', 'secrets.yaml', 'config/secrets.json', 'keystore.jks',
    'android/release.keystore', 'cert.p12', 'cert.pfx', 'terraform.tfvars', 'infra/prod.tfvars', 'terraform.tfstate',
    'terraform.tfstate.backup', '.docker/config.json', 'kubeconfig', '.kube/config', 'service-account.json',
    'gcp/service-account-prod.json', 'client_secret_123.apps.googleusercontent.com.json', '.htpasswd', '.pgpass',
    '.ssh/known_hosts', '.ssh/config', 'x/.gnupg/pubring.kbx', '.config/gcloud/credentials.db', 'vault.kdbx',
  ])('denies the built-in secret %s', (path) => {
    expect(denied(path)).toBe(true);
  });

  it.each(['src/main.ts', 'README.md', 'src/environment.ts', 'keys.ts', 'src/pem.ts', 'docs/key.md', 'src/credentials.ts', 'src/envelope.ts', 'package.json', 'tsconfig.json', 'docs/ssh.md', 'src/awsClient.ts', 'kube/deployment.yaml'])(
    'allows the ordinary file %s',
    (path) => {
      expect(denied(path)).toBe(false);
    },
  );

  it('adds the user globs (any folder) and the files.exclude globs (as VS Code reads them)', () => {
    const isDenied = createDenyList(['**/private/**', '*.sqlite', 'fixtures'], ['**/node_modules', '**/.git', 'build']);
    expect(isDenied('p/private/token.txt')).toBe(true);
    expect(isDenied('data/app.sqlite')).toBe(true);
    expect(isDenied('test/fixtures/a.json')).toBe(true);
    expect(isDenied('node_modules/left-pad/index.js')).toBe(true);
    expect(isDenied('.git/config')).toBe(true);
    expect(isDenied('build/out.js')).toBe(true);
    expect(isDenied('src/build/out.js')).toBe(false);
    expect(isDenied('src/secret.ts')).toBe(false);
    expect(isDenied('.env')).toBe(true);
  });

  it('reports each unusable pattern once, skips it, and keeps the rest (built-ins included)', () => {
    const problems: string[] = [];
    const isDenied = createDenyList(['', '/', './', '//', 'broken{'], ['  '], { onBadPattern: (m) => problems.push(m) });
    expect(problems.length).toBe(5);
    expect(problems.every((p) => /Empty glob pattern/.test(p))).toBe(true);
    expect(isDenied('.env')).toBe(true);
    expect(isDenied('src/a.ts')).toBe(false);
    expect(isDenied('x/broken{')).toBe(true);
  });

  it('a check of a deep path against patterns that could backtrack ends at once', () => {
    const isDenied = createDenyList(['**/**/**/**/**/**/**/**/x', '*a*a*a*a*a*a*a*ab'], ['**/node_modules', '**/.git']);
    const path = `${Array.from({ length: 40 }, (_, i) => `dir${i}`).join('/')}/${'a'.repeat(200)}.ts`;
    // The first check compiles the expressions (once per settings change): time a later one.
    expect(isDenied('src/a.ts')).toBe(false);
    const t = performance.now();
    expect(isDenied(path)).toBe(false);
    // A backtracking matcher takes seconds to hours here; a busy machine takes up to ~100 ms.
    expect(performance.now() - t).toBeLessThan(500);
  });
});
