import { join } from 'node:path';
import type { FileProbe } from './frameworkDetect';

export interface InterpreterHints {
  /** python.defaultInterpreterPath of the folder ("python" is its unset default). */
  setting?: string;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  probe: FileProbe;
}

/** A virtual environment's interpreter, as its platform lays it out. */
function inVenv(venv: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? join(venv, 'Scripts', 'python.exe') : join(venv, 'bin', 'python');
}

/**
 * The interpreter a Python project's tests run in: the editor's python.defaultInterpreterPath,
 * else a .venv or venv in the project's folder or the workspace folder, else the virtual
 * environment the editor was started in (VIRTUAL_ENV), else python3 (python on Windows).
 */
export async function pythonInterpreter(dirs: string[], hints: InterpreterHints): Promise<string> {
  const setting = hints.setting?.trim();
  if (setting && setting !== 'python') return setting;
  for (const dir of dirs) {
    for (const name of ['.venv', 'venv']) {
      const candidate = inVenv(join(dir, name), hints.platform);
      if (await hints.probe.exists(candidate)) return candidate;
    }
  }
  const active = hints.env.VIRTUAL_ENV;
  if (active && (await hints.probe.exists(inVenv(active, hints.platform)))) return inVenv(active, hints.platform);
  return hints.platform === 'win32' ? 'python' : 'python3';
}
