import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vsceArgs } from '../../scripts/packageVsix.mjs';
import { buildIfStale } from '../../support/e2e/build.mjs';

const root = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;

/** What vsce would put into the .vsix from this checkout (the .vscodeignore applied), built first: vsce lists only files that exist. */
function packagedFiles(): string[] {
  buildIfStale(root);
  const out = execFileSync(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return out.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(path: string): [number, number] {
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('the .vsix', () => {
  it('holds what runs and the docs, never tests, fixtures, models, source maps, sources, benches or support', () => {
    const files = packagedFiles();
    expect(files).toContain('package.json');
    expect(files).toContain('README.md');
    expect(files).toContain('media/icon.png');
    const refused = files.filter((f) =>
      /^(test|bench|support|models|src|scripts|docs|\.cache|node_modules)\//.test(f) || /\.(map|gguf|vsix|ts|mts)$/.test(f) || /fixture/i.test(f));
    expect(refused).toEqual([]);
    // Only bundles and parsers from the build: not the endpoint, which runs from a checkout.
    expect(files.filter((f) => f.startsWith('dist/') && !/^dist\/(extension\.js|spawner\.js|media\/\w+\.js|parsers\/[\w-]+\.wasm)$/.test(f))).toEqual([]);
    // The process spawner the extension forks for tasks and test runs.
    expect(files).toContain('dist/spawner.js');
  }, 120_000);

  it('carries what a marketplace page shows', () => {
    expect(manifest.icon).toBe('media/icon.png');
    expect(pngSize(join(root, 'media', 'icon.png'))).toEqual([128, 128]);
    expect(manifest.repository).toEqual({ type: 'git', url: 'https://github.com/flint/flint.git' });
    expect((manifest.bugs as { url: string }).url).toMatch(/^https:\/\/github\.com\/flint\/flint\/issues$/);
    expect(manifest.homepage).toMatch(/^https:\/\/github\.com\/flint\/flint/);
    expect((manifest.keywords as string[]).length).toBeGreaterThanOrEqual(5);
    expect(manifest.galleryBanner).toMatchObject({ color: expect.stringMatching(/^#[0-9a-f]{6}$/i), theme: expect.stringMatching(/^(dark|light)$/) });
  });

  it('rewrites the README\'s relative links to absolute ones, which a marketplace page can show', () => {
    const args = vsceArgs('x.vsix');
    expect(args).not.toContain('--no-rewrite-relative-links');
    expect(args[args.indexOf('--baseImagesUrl') + 1]).toBe('https://github.com/flint/flint/raw/main/');
    expect(args[args.indexOf('--baseContentUrl') + 1]).toBe('https://github.com/flint/flint/blob/main/');
  });
});
