import { describe, expect, it } from 'vitest';
import { FenceFilter, stripFences } from '../../src/rewrite/codeFences';

function run(lines: string[], originalStartsWithFence = false): { kept: string[]; filter: FenceFilter } {
  const filter = new FenceFilter(originalStartsWithFence);
  const kept = lines.flatMap((l) => filter.push(l));
  return { kept, filter };
}

describe('FenceFilter', () => {
  it('drops an opening fence and ends at the closing one', () => {
    const { kept, filter } = run(['```ts', 'a();', '```', 'Explanation.']);
    expect(kept).toEqual(['a();']);
    expect(filter.ended).toBe(true);
  });

  it('holds a bare fence until the next line shows it was content', () => {
    const { kept, filter } = run(['x = `', '```', 'more']);
    expect(kept).toEqual(['x = `', '```', 'more']);
    expect(filter.ended).toBe(false);
  });

  it('never releases a bare fence at the very end', () => {
    expect(run(['a();', '```']).kept).toEqual(['a();']);
  });

  it('leaves fences alone when the region itself starts with one (Markdown)', () => {
    expect(run(['```js', 'a();', '```', 'text'], true).kept).toEqual(['```js', 'a();', '```', 'text']);
  });

  it('hides an unfinished line that may be a fence', () => {
    const filter = new FenceFilter(false);
    expect(filter.showsPartial('``')).toBe(false);
    expect(filter.showsPartial('  ~')).toBe(false);
    expect(filter.showsPartial('const')).toBe(true);
  });
});

describe('stripFences', () => {
  it('takes the fenced block after a short preamble', () => {
    expect(stripFences(['Here it is:', '```python', 'x = 1', '```', 'Done.'], false)).toEqual(['x = 1']);
  });

  it('drops a stray closing fence at the end', () => {
    expect(stripFences(['x = 1', '```', ''], false)).toEqual(['x = 1']);
  });

  it('keeps code that merely contains a fence further down', () => {
    const code = ['a', 'b', 'c', 'd', 'const s = `', '```', '`;'];
    expect(stripFences(code, false)).toEqual(code);
  });

  it('keeps everything for a Markdown region', () => {
    expect(stripFences(['```', 'x', '```'], true)).toEqual(['```', 'x', '```']);
  });
});
