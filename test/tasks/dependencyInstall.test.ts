import { describe, expect, it } from 'vitest';
import { installsDependencies } from '../../src/tasks/dependencyInstall';

describe('installsDependencies', () => {
  it.each([
    'npm install',
    'npm i left-pad',
    'npm ci',
    'npm --prefix . install x',
    'npm uninstall x',
    'pnpm add -D vitest',
    'yarn',
    'yarn add x',
    'bun install',
    'pip install requests',
    'pip3.12 install -r requirements.txt',
    '.venv/bin/pip install x',
    'python -m pip install x',
    'python3 -m pip uninstall -y x',
    'uv pip install x',
    'poetry add x',
    'CI=1 npm install',
    'npm test && npm install x',
    'echo hi; pip install x',
    'npm.cmd install',
  ])('%s installs', (command) => expect(installsDependencies(command)).toBe(true));

  it.each(['npm test', 'npm run build', 'npx vitest run', 'yarn test', 'pnpm run lint', 'pip list', 'pip show x', 'python -m pytest', 'pytest', 'go test ./...', 'ls node_modules', 'echo npm install'])('%s does not', (command) =>
    expect(installsDependencies(command)).toBe(false),
  );
});
