import { describe, expect, it } from 'vitest';
import { PromptRecorder, promptSurfaceOf } from '../../src/context/promptRecorder';

describe('PromptRecorder', () => {
  it('tells the surfaces apart, tests and variants by their labels', () => {
    expect(promptSurfaceOf({ surface: 'completion', input: [] })).toBe('Ghost text');
    expect(promptSurfaceOf({ surface: 'edit', input: [], label: 'tests: fast' })).toBe('Generate Tests');
    expect(promptSurfaceOf({ surface: 'edit', input: [], label: 'variant 2 (concise): x' })).toBe('Variants');
    expect(promptSurfaceOf({ surface: 'edit', input: [] })).toBe('Inline edit');
  });

  it('keeps the last request of each surface and renders them all, fenced so their text shows as it is', () => {
    const r = new PromptRecorder();
    r.record({ surface: 'review', instructions: 'Review.', input: [{ role: 'user', content: 'old' }] }, 'm');
    r.record({ surface: 'review', instructions: 'Review.', input: [{ role: 'user', content: 'has ``` fences\n## Definitions of names used here' }] }, 'm', new Date(0));
    const doc = r.render();
    expect(doc).toContain('## Review');
    expect(doc).not.toContain('old');
    expect(doc).toContain('````text\nhas ``` fences\n## Definitions of names used here\n````');
    expect(doc).toMatch(/## Ghost text\n\nNothing sent yet\./);
  });
});
