import { describe, expect, it } from 'vitest';
import { nextEditRequest } from '../../src/nextEdit/nextEditPrompt';

const window = { startLine: 10, lines: ['a', 'b'], cursor: { line: 10, character: 0 }, above: [], below: [] };

describe('nextEditRequest', () => {
  it('shows each recent edit where its lines are now, moved through the edits made after it', () => {
    const edits = [
      { startLine: 20, removed: ['old'], added: ['new'], at: 1 },
      { startLine: 3, removed: [], added: ['x', 'y'], at: 2 },
    ];
    const content = nextEditRequest('a.ts', 'typescript', window, edits, 100).input[0].content;
    expect(content).toContain('@@ -23,1 +23,1 @@\n-old\n+new');
    expect(content).toContain('@@ -4,0 +4,2 @@\n+x\n+y');
  });

  it('puts the context from other files first', () => {
    const content = nextEditRequest('a.ts', 'typescript', window, [], 100, '## Recent edits in other files\n--- b.ts:3\n@@ -3,1 +3,1 @@').input[0].content;
    expect(content.startsWith('## Recent edits in other files\n--- b.ts:3')).toBe(true);
    expect(content.indexOf('File: a.ts')).toBeGreaterThan(0);
  });
});
