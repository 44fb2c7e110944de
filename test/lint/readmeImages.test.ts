import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_PNG } from '../../bench/readmeFigures.mjs';
import { screenshotNames } from '../../scripts/screenshots.mjs';

const root = resolve(import.meta.dirname, '../..');

/** The local targets of the images a markdown text shows (`![alt](path)` and `<img src="path">`). */
function imageLinks(markdown: string): string[] {
  const md = [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const html = [...markdown.matchAll(/<img\s[^>]*src=["']([^"']+)["']/gi)].map((m) => m[1]);
  return [...md, ...html].filter((l) => !/^[a-z]+:/i.test(l)).map((l) => decodeURI(l.split('#')[0]));
}

describe('README images', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const links = imageLinks(readme);

  it('finds the image links of a markdown text, local ones only', () => {
    expect(imageLinks('a ![x](docs/a.png) b <img src="docs/b%20c.png" width=1> ![y](https://e.org/c.png)')).toEqual(['docs/a.png', 'docs/b c.png']);
  });

  it('every image the README shows is in the tree', () => {
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !existsSync(join(root, l)))).toEqual([]);
  });

  it('every other picture the README shows from docs/images/ is one a UI test takes, so npm run screenshots refreshes it', () => {
    const ui = join(root, 'test', 'e2e', 'ui');
    const taken = new Set(readdirSync(ui).filter((f) => f.endsWith('.test.mjs')).flatMap((f) => screenshotNames(readFileSync(join(ui, f), 'utf8'))));
    // The bench's chart is the one picture not taken by a UI test.
    const shots = links.filter((l) => l.startsWith('docs/images/') && l.endsWith('.png') && l !== CHART_PNG).map((l) => l.slice('docs/images/'.length));
    expect(shots.length).toBeGreaterThan(0);
    expect(shots.filter((s) => !taken.has(s))).toEqual([]);
  });
});
