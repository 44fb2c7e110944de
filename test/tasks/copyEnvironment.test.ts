import { delimiter } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyEnvironment } from '../../src/tasks/copyEnvironment';

describe('copyEnvironment', () => {
  const folder = '/home/u/project';
  const root = '/store/t1/work';

  it("points PATH entries and VIRTUAL_ENV inside the user's folder at the copy, the rest unchanged", () => {
    const env = {
      PATH: ['/home/u/project/.venv/bin', '/usr/bin', '/home/u/project/node_modules/.bin', '/home/u/project-other/bin', '/home/u/project'].join(delimiter),
      VIRTUAL_ENV: '/home/u/project/.venv',
      HOME: '/home/u/project',
      UNSET: undefined,
    };
    expect(copyEnvironment(env, folder, root)).toEqual({
      PATH: ['/store/t1/work/.venv/bin', '/usr/bin', '/store/t1/work/node_modules/.bin', '/home/u/project-other/bin', '/store/t1/work'].join(delimiter),
      VIRTUAL_ENV: '/store/t1/work/.venv',
    });
  });

  it('overrides nothing when nothing points into the folder, relative and empty entries included', () => {
    expect(copyEnvironment({ PATH: ['/usr/bin', '', 'bin', '../project/bin'].join(delimiter), VIRTUAL_ENV: '/opt/venvs/p' }, folder, root)).toEqual({});
  });

  it('finds PATH whatever its case (Windows spells it Path)', () => {
    expect(copyEnvironment({ Path: `/home/u/project/.venv/bin${delimiter}/usr/bin` }, folder, root)).toEqual({ Path: `/store/t1/work/.venv/bin${delimiter}/usr/bin` });
  });
});
