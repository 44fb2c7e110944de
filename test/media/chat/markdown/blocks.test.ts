import { describe, expect, it } from 'vitest';
import { MAX_CODE_CHARS, MAX_CODE_LINES, MAX_PARAGRAPH_CHARS, parseBlocks, type Block } from '../../../../media/chat/markdown/blocks';

const kinds = (src: string) => parseBlocks(src).map((b) => b.kind);

describe('parseBlocks', () => {
  it('splits paragraphs, headings, rules, quotes, lists and code', () => {
    const src = '# Title\n\nSome text\nmore text\n\n---\n> quoted\n> still\n\n- a\n- b\n\n1. one\n2. two\n\n```ts\nconst a = 1;\n```\nafter';
    expect(kinds(src)).toEqual(['heading', 'paragraph', 'hr', 'quote', 'list', 'list', 'code', 'paragraph']);
    const blocks = parseBlocks(src);
    expect(blocks[0]).toEqual({ kind: 'heading', start: 0, level: 1, text: 'Title' });
    expect(blocks[1]).toMatchObject({ text: 'Some text\nmore text', start: 9 });
    expect(blocks[3]).toMatchObject({ text: 'quoted\nstill' });
    expect(blocks[4]).toMatchObject({ ordered: false, items: ['a', 'b'] });
    expect(blocks[5]).toMatchObject({ ordered: true, startNumber: 1, items: ['one', 'two'] });
    expect(blocks[6]).toEqual({ kind: 'code', start: src.indexOf('```ts'), lang: 'ts', code: 'const a = 1;', closed: true });
  });

  it('reads a target path from the fence info string and keeps an unclosed fence open', () => {
    expect(parseBlocks('```ts src/app.ts\nx\n')[0]).toMatchObject({ lang: 'ts', path: 'src/app.ts', code: 'x\n', closed: false });
    expect(parseBlocks('~~~~\n```\nstill code\n~~~~')[0]).toMatchObject({ code: '```\nstill code', closed: true });
  });

  it('lets lists, headings and fences interrupt a paragraph, but not "2." or an empty item', () => {
    expect(kinds('text\n- item')).toEqual(['paragraph', 'list']);
    expect(kinds('text\n# h')).toEqual(['paragraph', 'heading']);
    expect(kinds('text\n```\ncode\n```')).toEqual(['paragraph', 'code']);
    expect(kinds('in 2024\n2. not a list')).toEqual(['paragraph']);
    expect(kinds('text\n-')).toEqual(['paragraph']);
  });

  it('nests lists and keeps loose items in one list', () => {
    const [list] = parseBlocks('- a\n  - a1\n  - a2\n\n- b\n  continued\n1. x\n  - under x') as [Extract<Block, { kind: 'list' }>];
    expect(list.items).toEqual(['a\n- a1\n- a2', 'b\ncontinued']);
    const ordered = parseBlocks('1. x\n  - under x')[0] as Extract<Block, { kind: 'list' }>;
    expect(ordered.items).toEqual(['x\n- under x']);
    expect(parseBlocks('3. c\n4. d')[0]).toMatchObject({ startNumber: 3 });
  });

  it('is not fooled by look-alikes', () => {
    expect(kinds('#hashtag')).toEqual(['paragraph']);
    expect(kinds('-not a list')).toEqual(['paragraph']);
    expect(kinds('1.5 is a number')).toEqual(['paragraph']);
    expect(kinds('``` inline ``` code')).toEqual(['paragraph']);
    expect(kinds('* * *')).toEqual(['hr']);
  });

  /**
   * The streaming renderer commits every block followed by a block that starts on a complete
   * line. Check, at every cut of a mixed document, that committed blocks equal the final ones.
   */
  it('never changes a block once a later block has started on a complete line', () => {
    const doc = [
      '# Plan', '', 'First a paragraph with `code` and **bold**', 'that wraps.', '', '- one', '- two', '  - nested', '', '- three after a blank',
      '', '1. first', '2. second', '', '```ts', 'const x = 1;', '', 'function f() {}', '```', 'text right after a fence', '> quote', '> more', '',
      '---', 'end *here*', '',
    ].join('\n');
    const final = parseBlocks(doc).map(({ start: _s, ...b }) => b);
    for (let cut = 1; cut < doc.length; cut++) {
      const prefix = doc.slice(0, cut);
      const blocks = parseBlocks(prefix);
      const lastNewline = prefix.lastIndexOf('\n');
      let commit = 0;
      while (commit + 1 < blocks.length && blocks[commit + 1]!.start <= lastNewline) commit++;
      const committed = blocks.slice(0, commit).map(({ start: _s, ...b }) => b);
      expect(committed, `cut at ${cut}: ${JSON.stringify(prefix.slice(-20))}`).toEqual(final.slice(0, commit));
    }
  });

  it('reads GitHub tables: alignment, escaped pipes, a table right after a paragraph line', () => {
    const [p, t] = parseBlocks('Compare:\n| a | b \\| c | n |\n| :-- | :-: | --: |\n| 1 | 2 | 3 |\n| 4 |\n\nafter', { final: true });
    expect(p).toMatchObject({ kind: 'paragraph', text: 'Compare:' });
    expect(t).toMatchObject({ kind: 'table', aligns: ['left', 'center', 'right'], header: ['a', 'b | c', 'n'], rows: [['1', '2', '3'], ['4', '', '']] });
    expect(kinds('a | b\n| - |')).toEqual(['paragraph']); // cell counts differ
  });

  it('waits for a complete delimiter row before starting a table while streaming', () => {
    expect(kinds('| a | b |\n|---|--')).toEqual(['paragraph']);
    expect(kinds('| a | b |\n|---|---|\n')).toEqual(['table']);
  });

  it('cuts long paragraphs and code blocks into segments that resume where the last ended', () => {
    const long = 'word '.repeat(MAX_PARAGRAPH_CHARS / 2);
    const blocks = parseBlocks(long, { final: true });
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks.slice(1).every((b) => b.kind === 'paragraph' && b.midLine && b.resume)).toBe(true);
    expect(blocks.map((b) => (b as { text: string }).text).join('').trimEnd()).toBe(long.trimEnd());
    const code = Array.from({ length: MAX_CODE_LINES * 3 }, (_, i) => `line ${i}`).join('\n');
    const segments = parseBlocks(`\`\`\`ts a.ts\n${code}\n\`\`\`\nafter`);
    const codeParts = segments.filter((b) => b.kind === 'code') as Extract<Block, { kind: 'code' }>[];
    expect(codeParts.length).toBeGreaterThan(2);
    expect(codeParts.map((b) => b.code).join('\n')).toBe(code);
    // Parsing from a segment's start with its resume state gives the same segments.
    const second = codeParts[1]!;
    const again = parseBlocks(`${code}\n\`\`\`\nafter`.slice(code.indexOf(second.code)), { resume: second.resume! });
    expect(again.map((b) => b.kind)).toEqual(segments.slice(1).map((b) => b.kind));
    expect((again[0] as { code: string }).code).toBe(second.code);
  });

  it('cuts a code line longer than a segment at the segment size; the rest continues mid-line, indentation and all', () => {
    const line = `    ${Array.from({ length: 20_000 }, (_, i) => String(i % 10).repeat(10)).join('')}y`;
    const segments = parseBlocks(`\`\`\`ts\nfirst\n${line}\nlast\n\`\`\`\nafter`) as Extract<Block, { kind: 'code' }>[];
    const code = segments.filter((b) => b.kind === 'code');
    expect(code.length).toBeGreaterThan(200_000 / MAX_CODE_CHARS);
    expect(code.every((b) => b.code.split('\n').every((l) => l.length <= MAX_CODE_CHARS))).toBe(true);
    // The block's first segment ends before the long line; the next ones cut it.
    expect(code[0]!.code).toBe('first');
    expect(code[1]!.resume).toMatchObject({ kind: 'code', segment: 1 });
    expect((code[1]!.resume as { midLine?: true }).midLine).toBeUndefined();
    expect(code.slice(2).every((b) => (b.resume as { midLine?: true }).midLine === true)).toBe(true);
    const joined = code.reduce((text, b, i) => (i === 0 ? b.code : text + ((b.resume as { midLine?: true }).midLine ? '' : '\n') + b.code), '');
    expect(joined).toBe(`first\n${line}\nlast`);
    // Parsing from a mid-line segment's start with its resume state gives the same segments.
    const k = 5;
    const source = `first\n${line}\nlast\n\`\`\`\nafter`;
    const offset = 'first\n'.length + code.slice(1, k).reduce((n, b) => n + b.code.length, 0);
    const again = parseBlocks(source.slice(offset), { resume: code[k]!.resume! }) as Extract<Block, { kind: 'code' }>[];
    expect(again[0]!.code).toBe(code[k]!.code);
    expect(again[0]!.resume).toEqual(code[k]!.resume);
  });

  it('parses a 100,000-space heading and a long line in linear time', () => {
    expect(parseBlocks(`# a${' '.repeat(100_000)}b ##`)[0]).toMatchObject({ kind: 'heading', level: 1, text: `a${' '.repeat(100_000)}b` });
    expect(parseBlocks('#### x ###')[0]).toMatchObject({ level: 4, text: 'x' });
    expect(parseBlocks('# x#')[0]).toMatchObject({ text: 'x#' });
  });
});
