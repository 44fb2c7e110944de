import { describe, expect, it } from 'vitest';
import { REVIEW_INSTRUCTIONS, reviewInput } from '../../src/review/reviewPrompt';

describe('reviewInput', () => {
  it('numbers the lines as in the document and marks the changed ones', () => {
    const text = Array.from({ length: 12 }, (_, i) => `l${i + 1}`);
    const [message] = reviewInput('src/a.ts', 'typescript', text, { lines: { start: 8, end: 10 }, context: { start: 6, end: 12 } });
    expect(message.role).toBe('user');
    expect(message.content).toBe('File: src/a.ts (typescript)\nChanged: lines 9-10\n\n  7| l7\n  8| l8\n> 9| l9\n>10| l10\n 11| l11\n 12| l12\n');
  });

  it('puts the project context first, marked as not to review, and says the editor\u2019s problems are not to be repeated', () => {
    const text = ['const t = addCents(1, 2);'];
    const [message] = reviewInput('src/a.ts', 'typescript', text, { lines: { start: 0, end: 1 }, context: { start: 0, end: 1 } }, '## Definitions of names used here (from their files)\n--- src/m.ts:1\nfunction addCents(a: number, b: number): number');
    expect(message.content).toMatch(/^Context from the project \(not to review; the editor already reports the problems listed, do not repeat them\):\n## Definitions/);
    expect(message.content.indexOf('function addCents')).toBeLessThan(message.content.indexOf('File: src/a.ts'));
  });

  it('keeps the instructions stable and names the reply shape', () => {
    expect(REVIEW_INSTRUCTIONS).toContain('"findings"');
    expect(REVIEW_INSTRUCTIONS).toContain('Flint review');
  });
});
