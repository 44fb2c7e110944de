import { describe, expect, it } from 'vitest';
import { composeContent } from '../../src/chat/contextBlock';

describe('composeContent', () => {
  it('sends the related sections of an attachment after its fence', () => {
    const content = composeContent('why?', [{ path: 'a.ts', startLine: 1, endLine: 1, text: 'f(x)', language: 'typescript', related: '## Definitions of names used here (from their files)\n--- b.ts:1\nfunction f(x: number): void' }]);
    expect(content).toBe('why?\n\nAttached context:\n\nFile: a.ts (lines 1-1)\n```typescript\nf(x)\n```\n\n## Definitions of names used here (from their files)\n--- b.ts:1\nfunction f(x: number): void');
  });

  it('returns the text alone without attachments', () => {
    expect(composeContent('hi', [])).toBe('hi');
  });

  it('fences each attachment with its path, range and language', () => {
    const out = composeContent('fix it', [
      { path: 'src/a.ts', startLine: 3, endLine: 4, text: 'a();\nb();', language: 'typescript' },
      { path: 'README.md', text: '# T' },
    ]);
    expect(out).toBe('fix it\n\nAttached context:\n\nFile: src/a.ts (lines 3-4)\n```typescript\na();\nb();\n```\n\nFile: README.md\n```\n# T\n```');
  });

  it('uses a fence longer than any backtick run in the attached text', () => {
    const out = composeContent('x', [{ path: 'a.md', text: 'text\n````\ninner\n````' }]);
    expect(out).toContain('`````\ntext\n````\ninner\n````\n`````');
  });
});
