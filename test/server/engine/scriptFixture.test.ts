import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScriptPath } from '../../../src/server/engine/defaultScriptPath';
import { loadScriptFixture } from '../../../src/server/engine/scriptFixture';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flint-fixture-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function fixtureFile(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('loadScriptFixture', () => {
  it('loads the repository default fixture', async () => {
    const fixture = await loadScriptFixture(defaultScriptPath()!);
    expect(fixture.rules.length).toBeGreaterThan(3);
    expect(fixture.defaults.chat).toContain('{{user}}');
  });

  it('names the file and the problem', async () => {
    await expect(loadScriptFixture(await fixtureFile('a.json', '{'))).rejects.toThrow(/Cannot read script fixture .*a\.json/);
    await expect(loadScriptFixture(join(dir, 'missing.json'))).rejects.toThrow(/missing\.json/);
    const unknown = await fixtureFile('b.json', JSON.stringify({ rules: [{ match: { usr: 'x' }, reply: 'y' }] }));
    await expect(loadScriptFixture(unknown)).rejects.toThrow(/b\.json at rules\.0\.match/);
    const regex = await fixtureFile('c.json', JSON.stringify({ rules: [{ match: { user: { regex: '(' } }, reply: 'y' }] }));
    await expect(loadScriptFixture(regex)).rejects.toThrow(/Invalid regex .* rule 0/);
  });
});
