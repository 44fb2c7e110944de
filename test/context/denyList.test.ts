import { describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/context/denyList';

describe('createDenyList', () => {
  const denied = createDenyList([]);

  it.each([
    '/work/app/.env',
    '/work/app/.env.local',
    'config/.env.production',
    'C:\\Users\\me\\proj\\.env',
    'certs/server.pem',
    'tls/private.key',
    '/home/me/.ssh/id_rsa',
    '/home/me/.ssh/id_rsa.pub',
    'deploy/ID_RSA',
  ])('denies the built-in secret %s', (path) => {
    expect(denied(path)).toBe(true);
  });

  it.each(['/work/app/src/main.ts', 'README.md', 'src/environment.ts', 'keys.ts', 'src/pem.ts', 'docs/key.md'])(
    'allows the ordinary file %s',
    (path) => {
      expect(denied(path)).toBe(false);
    },
  );

  it('adds the user globs and the files.exclude globs', () => {
    const isDenied = createDenyList(['**/secrets/**', '*.sqlite'], ['**/node_modules', '**/.git']);
    expect(isDenied('/w/p/secrets/token.txt')).toBe(true);
    expect(isDenied('/w/p/data/app.sqlite')).toBe(true);
    expect(isDenied('/w/p/node_modules/left-pad/index.js')).toBe(true);
    expect(isDenied('/w/p/.git/config')).toBe(true);
    expect(isDenied('/w/p/src/secret.ts')).toBe(false);
    expect(isDenied('/w/p/.env')).toBe(true);
  });

  it('ignores blank patterns and keeps the built-ins when a pattern is malformed', () => {
    const isDenied = createDenyList(['', '  ', 'broken{']);
    expect(isDenied('/w/.env')).toBe(true);
    expect(isDenied('/w/src/a.ts')).toBe(false);
    expect(isDenied('/w/broken{')).toBe(true);
  });
});
