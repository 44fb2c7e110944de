import { posix, win32 } from 'node:path';
import type { FileProbe } from './frameworkDetect';

export interface InterpreterHints {
  /** python.defaultInterpreterPath of the folder ("python" is its unset default). */
  setting?: string;
  /** The workspace folder: what `${workspaceFolder}` and a relative setting mean. */
  folder: string;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  probe: FileProbe;
}

const pathsOf = (platform: NodeJS.Platform) => (platform === 'win32' ? win32 : posix);

/** A virtual environment's interpreter, as its platform lays it out. */
function inVenv(venv: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? win32.join(venv, 'Scripts', 'python.exe') : posix.join(venv, 'bin', 'python');
}

/**
 * The setting as a path: `${workspaceFolder}`, `${env:NAME}` and a leading `~` filled in, and a
 * relative path (`.venv/bin/python`) taken from the workspace folder. A bare name (`python3.12`)
 * stays a command for the PATH.
 */
export function resolveInterpreterSetting(setting: string, hints: Pick<InterpreterHints, 'folder' | 'env' | 'platform'>): string {
  const p = pathsOf(hints.platform);
  const home = hints.env.HOME ?? hints.env.USERPROFILE ?? '~';
  const filled = setting
    .replace(/\$\{workspaceFolder\}/g, hints.folder)
    .replace(/\$\{env:([^}]+)\}/g, (_, name: string) => hints.env[name] ?? '')
    .replace(/^~(?=$|[\\/])/, home);
  return /[\\/]/.test(filled) && !p.isAbsolute(filled) ? p.join(hints.folder, filled) : filled;
}

/**
 * The interpreter a Python project's tests run in: the editor's python.defaultInterpreterPath,
 * else a .venv or venv in the project's folder or the workspace folder, else the virtual
 * environment the editor was started in (VIRTUAL_ENV), else python3 (python on Windows).
 */
export async function pythonInterpreter(dirs: string[], hints: InterpreterHints): Promise<string> {
  const setting = hints.setting?.trim();
  if (setting && setting !== 'python') return resolveInterpreterSetting(setting, hints);
  for (const dir of dirs) {
    for (const name of ['.venv', 'venv']) {
      const candidate = inVenv(pathsOf(hints.platform).join(dir, name), hints.platform);
      if (await hints.probe.exists(candidate)) return candidate;
    }
  }
  const active = hints.env.VIRTUAL_ENV;
  if (active && (await hints.probe.exists(inVenv(active, hints.platform)))) return inVenv(active, hints.platform);
  return hints.platform === 'win32' ? 'python' : 'python3';
}
