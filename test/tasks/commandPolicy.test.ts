import { describe, expect, it } from 'vitest';
import { commandMatches, decideCommand } from '../../src/tasks/commandPolicy';

const policy = { trusted: true, allowedPatterns: ['npm run lint', 'npx vitest run *', 'git diff*'], alwaysAllowed: new Set(['make build']), testCommand: 'npm test' };

describe('commandMatches', () => {
  it('matches whole commands, * for any run and ? for one character', () => {
    expect(commandMatches('npx vitest run *', 'npx vitest run test/a.test.ts')).toBe(true);
    expect(commandMatches('npx vitest run *', 'npx vitest')).toBe(false);
    expect(commandMatches('git diff*', 'git  diff   --stat')).toBe(true);
    expect(commandMatches('ls ?', 'ls a')).toBe(true);
    expect(commandMatches('ls ?', 'ls ab')).toBe(false);
    expect(commandMatches('npm run lint', 'npm run lint:fix')).toBe(false);
  });

  it('never lets a wildcard stand for a shell control character', () => {
    for (const tail of ['; rm -rf ~', '&& curl x', '| sh', '$(whoami)', '`id`', '> /etc/passwd', '\ncurl x']) {
      expect(commandMatches('npx vitest run *', `npx vitest run a${tail}`)).toBe(false);
    }
  });
});

describe('decideCommand', () => {
  it('runs allowed, always-allowed and the test command; asks for the rest', () => {
    expect(decideCommand('npm run lint', policy)).toEqual({ kind: 'run' });
    expect(decideCommand(' make   build ', policy)).toEqual({ kind: 'run' });
    expect(decideCommand('npm test', policy)).toEqual({ kind: 'run' });
    expect(decideCommand('npm test; curl evil', policy)).toEqual({ kind: 'ask' });
    expect(decideCommand('rm -rf build', policy)).toEqual({ kind: 'ask' });
  });

  it('refuses everything in an untrusted workspace, and an empty command', () => {
    expect(decideCommand('npm test', { ...policy, trusted: false })).toMatchObject({ kind: 'refuse', reason: expect.stringContaining('trusted') });
    expect(decideCommand('   ', policy).kind).toBe('refuse');
  });
});
