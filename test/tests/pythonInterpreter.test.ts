import { describe, expect, it } from 'vitest';
import { pythonInterpreter, resolveInterpreterSetting } from '../../src/tests/pythonInterpreter';
import { memoryProbe } from './memoryProbe';

describe('pythonInterpreter', () => {
  const probe = memoryProbe({ '/w/app/.venv/bin/python': '', '/w/venv/bin/python': '', '/envs/x/bin/python': '', 'C:\\w\\.venv\\Scripts\\python.exe': '' });

  it("takes the editor's setting, then a .venv or venv of the project or the folder, then VIRTUAL_ENV, then python3", async () => {
    expect(await pythonInterpreter(['/w/app', '/w'], { setting: '/opt/py/bin/python', folder: '/w', env: {}, platform: 'linux', probe })).toBe('/opt/py/bin/python');
    expect(await pythonInterpreter(['/w/app', '/w'], { setting: 'python', folder: '/w', env: {}, platform: 'linux', probe })).toBe('/w/app/.venv/bin/python');
    expect(await pythonInterpreter(['/w/lib', '/w'], { folder: '/w', env: {}, platform: 'linux', probe })).toBe('/w/venv/bin/python');
    expect(await pythonInterpreter(['/x'], { folder: '/x', env: { VIRTUAL_ENV: '/envs/x' }, platform: 'linux', probe })).toBe('/envs/x/bin/python');
    expect(await pythonInterpreter(['/x'], { folder: '/x', env: { VIRTUAL_ENV: '/envs/gone' }, platform: 'linux', probe })).toBe('python3');
    expect(await pythonInterpreter(['/y'], { folder: '/y', env: {}, platform: 'win32', probe })).toBe('python');
    expect(await pythonInterpreter(['C:\\w'], { folder: 'C:\\w', env: {}, platform: 'win32', probe })).toBe('C:\\w\\.venv\\Scripts\\python.exe');
  });

  it('reads the setting as the Python extension does: ${workspaceFolder}, ${env:NAME}, ~, a path relative to the folder; a bare name stays a command', () => {
    const hints = { folder: '/w', env: { HOME: '/home/u', PYROOT: '/opt/py' }, platform: 'linux' as const };
    expect(resolveInterpreterSetting('${workspaceFolder}/.venv/bin/python', hints)).toBe('/w/.venv/bin/python');
    expect(resolveInterpreterSetting('${env:PYROOT}/bin/python3', hints)).toBe('/opt/py/bin/python3');
    expect(resolveInterpreterSetting('~/envs/a/bin/python', hints)).toBe('/home/u/envs/a/bin/python');
    expect(resolveInterpreterSetting('.venv/bin/python', hints)).toBe('/w/.venv/bin/python');
    expect(resolveInterpreterSetting('python3.12', hints)).toBe('python3.12');
    expect(resolveInterpreterSetting('.venv\\Scripts\\python.exe', { ...hints, folder: 'C:\\w', platform: 'win32' })).toBe('C:\\w\\.venv\\Scripts\\python.exe');
  });
});
