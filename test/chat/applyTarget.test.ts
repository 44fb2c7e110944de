import { describe, expect, it } from 'vitest';
import { applyPathRefusal } from '../../src/chat/applyTarget';

describe('applyPathRefusal', () => {
  it('refuses Git and VS Code folders at any depth and in any case', () => {
    for (const p of ['.git/config', '.git/hooks/pre-commit', '.vscode/settings.json', 'sub/.vscode/tasks.json', '.GIT/config', 'a\\.vscode\\launch.json']) {
      expect(applyPathRefusal(p), p).toMatch(/does not edit files in \.(git|vscode)\//);
    }
  });

  it('refuses paths outside the workspace', () => {
    for (const p of ['/etc/passwd', '../x.ts', 'src/../../x.ts', 'C:\\x.ts', '\\\\server\\share\\x']) {
      expect(applyPathRefusal(p), p).toMatch(/outside the workspace/);
    }
  });

  it('accepts ordinary files, including names that only look alike', () => {
    for (const p of ['src/app.ts', '.gitignore', '.vscodeignore', 'docs/.github/workflow.yml', 'git/config']) {
      expect(applyPathRefusal(p), p).toBeUndefined();
    }
  });
});
