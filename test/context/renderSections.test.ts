import { describe, expect, it } from 'vitest';
import type { ContextItem } from '../../src/context/contextItem';
import { bySection, labelledBlocks } from '../../src/context/renderSections';

const item = (source: ContextItem['source'], path: string, text: string): ContextItem => ({ source, path, text, distance: 0, ageMs: 0, uses: 1, key: `${source}:${path}:${text}` });

describe('bySection', () => {
  it('puts the definitions first whatever the ranking mixed in before them, keeping each section\u2019s order', () => {
    const blocks = labelledBlocks([item('viewed', 'a.ts', 'seen'), item('edits', 'b.ts', '+x'), item('definitions', 'c.ts', 'class C'), item('viewed', 'd.ts', 'also seen'), item('definitions', 'e.ts', 'function e()')]);
    expect(bySection(blocks).map((b) => `${b.source} ${b.text}`)).toEqual(['definitions class C', 'definitions function e()', 'viewed seen', 'viewed also seen', 'edits +x']);
  });
});
