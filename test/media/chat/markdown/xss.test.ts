import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MD_TAGS, type MdChild } from '../../../../media/chat/markdown/mdNode';
import { Highlighter } from '../../../../media/chat/markdown/highlighter';
import { markdownToTree } from '../../../../media/chat/markdown/toTree';

const highlighter = new Highlighter();

const corpus = JSON.parse(readFileSync(new URL('../../../fixtures/chat/xss.json', import.meta.url), 'utf8')) as { name: string; markdown: string }[];
const FIELDS = new Set(['tag', 'cls', 'href', 'title', 'start', 'action', 'label', 'lang', 'path', 'children']);
const CLASSES = /^(code-block|code-cont|code-header|code-lang|code-action|line|tok-(keyword|string|comment|number|type|literal|title|attr|meta|tag|addition|deletion|section)|link-refused|p-cont|table-wrap( table-cont)?|align-(left|center|right)|task( task-done)?)$/;

function* elements(nodes: MdChild[]): Generator<Exclude<MdChild, string>> {
  for (const n of nodes) {
    if (typeof n === 'string') continue;
    yield n;
    yield* elements(n.children);
  }
}

describe('XSS corpus renders inert (tree level)', () => {
  it('has at least 30 payloads', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  it.each(corpus.map((c) => [c.name, c.markdown]))('%s', (_name, markdown) => {
    for (const e of elements(markdownToTree(markdown, highlighter))) {
      expect(MD_TAGS.has(e.tag)).toBe(true);
      for (const key of Object.keys(e)) expect(FIELDS.has(key), `field ${key}`).toBe(true);
      if (e.cls) expect(e.cls).toMatch(CLASSES);
      if (e.href !== undefined) expect(new URL(e.href).protocol).toMatch(/^(https?|mailto):$/);
      if (e.action) expect(e.tag).toBe('button');
    }
  });
});
