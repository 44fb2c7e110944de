import { describe, expect, it } from 'vitest';
import { el, type MdChild } from '../../../../media/chat/markdown/mdNode';
import { Highlighter } from '../../../../media/chat/markdown/highlighter';
import { markdownToTree } from '../../../../media/chat/markdown/toTree';

const highlighter = new Highlighter();

const text = (n: MdChild): string => (typeof n === 'string' ? n : n.children.map(text).join(''));

describe('markdownToTree', () => {
  it('builds headings, paragraphs, lists and quotes', () => {
    expect(markdownToTree('## Hi\n\n- a\n- **b**\n\n> q\n\n5. five', highlighter)).toEqual([
      el('h2', ['Hi']),
      el('ul', [el('li', ['a']), el('li', [el('strong', ['b'])])]),
      el('blockquote', [el('p', ['q'])]),
      el('ol', [el('li', ['five'])], { start: 5 }),
    ]);
  });

  it('renders a code block with its toolbar; its code text is exactly the source', () => {
    const [block] = markdownToTree('```ts src/a.ts\nconst a = 1;\nlet b;\n```', highlighter);
    expect(block).toMatchObject({ tag: 'div', cls: 'code-block', lang: 'ts', path: 'src/a.ts' });
    const [header, pre] = block!.children as [typeof block, typeof block];
    expect(header!.children.filter((c) => typeof c !== 'string' && c.tag === 'button').map((b) => (b as { action: string }).action)).toEqual([
      'copy',
      'insert',
      'apply',
    ]);
    expect(text(pre!)).toBe('const a = 1;\nlet b;');
  });

  it('caps nesting so hostile input cannot exhaust the stack', () => {
    const deep = '> '.repeat(5000) + 'x';
    const tree = markdownToTree(deep, highlighter);
    let depth = 0;
    for (let n: MdChild | undefined = tree[0]; n && typeof n !== 'string'; n = n.children[0]) depth++;
    expect(depth).toBeLessThan(15);
    expect(text(tree[0]!)).toContain('x');
  });
});
