import { describe, expect, it } from 'vitest';
import { pythonInterpreter } from '../../src/tests/pythonInterpreter';
import { memoryProbe } from './memoryProbe';

describe('pythonInterpreter', () => {
  const probe = memoryProbe({ '/w/app/.venv/bin/python': '', '/w/venv/bin/python': '', '/envs/x/bin/python': '', 'C:\\w\\.venv\\Scripts\\python.exe': '' });

  it("takes the editor's setting, then a .venv or venv of the project or the folder, then VIRTUAL_ENV, then python3", async () => {
    expect(await pythonInterpreter(['/w/app', '/w'], { setting: '/opt/py/bin/python', env: {}, platform: 'linux', probe })).toBe('/opt/py/bin/python');
    expect(await pythonInterpreter(['/w/app', '/w'], { setting: 'python', env: {}, platform: 'linux', probe })).toBe('/w/app/.venv/bin/python');
    expect(await pythonInterpreter(['/w/lib', '/w'], { env: {}, platform: 'linux', probe })).toBe('/w/venv/bin/python');
    expect(await pythonInterpreter(['/x'], { env: { VIRTUAL_ENV: '/envs/x' }, platform: 'linux', probe })).toBe('/envs/x/bin/python');
    expect(await pythonInterpreter(['/x'], { env: { VIRTUAL_ENV: '/envs/gone' }, platform: 'linux', probe })).toBe('python3');
    expect(await pythonInterpreter(['/y'], { env: {}, platform: 'win32', probe })).toBe('python');
  });
});
