import * as esbuild from 'esbuild';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RewriteFeed } from '../../../src/rewrite/rewriteFeed';
import { launchChromium } from '../chat/chatPage';

const root = resolve(import.meta.dirname, '../../..');

const ORIGINAL = ['export function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}'];
const REWRITE = ['export function total(items) {', ...Array.from({ length: 30 }, (_, i) => `  const step${i} = items[${i}]?.price ?? 0;`), '  return 0;', '}', ''].join('\n');

const card = (status: string) => ({ index: 0, approach: 'direct', status, generation: 0, route: 'fast', model: 'm', reasons: [], instruction: 'x', tokens: 0 });

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  const bundle = await esbuild.build({ entryPoints: [resolve(root, 'media/variants/main.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'silent' });
  page = await browser.newPage();
  await page.setContent('<!DOCTYPE html><html><head></head><body><main id="app"></main></body></html>');
  await page.evaluate(() => {
    (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({ postMessage() {} });
  });
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const send = (data: unknown) => page.evaluate((d) => window.dispatchEvent(new MessageEvent('message', { data: d })), data);
const frames = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
const rows = () => page.evaluate(() => Array.from(document.querySelectorAll('.card .rows .row')).map((r) => `${r.className.replace('row ', '')}:${r.querySelector('.code')!.textContent}`));

describe('variant card', () => {
  test('the final diff is exact, and the rows shown while streaming stay in place', async () => {
    await send({ type: 'init', title: 't', instruction: 'x', original: ORIGINAL, cards: [card('waiting')], texts: [] });
    const pieces = REWRITE.match(/[\s\S]{1,12}/g)!;
    for (const text of pieces) {
      await send({ type: 'delta', index: 0, generation: 0, text, card: card('streaming') });
      await frames();
    }
    // Mark the streamed rows: a rebuild would replace them with new nodes.
    const streamed = await page.evaluate(() => Array.from(document.querySelectorAll('.card .rows .row')).map((r, i) => ((r as HTMLElement).dataset.mark = String(i))).length);
    expect(streamed).toBeGreaterThan(25);
    await send({ type: 'card', card: card('done') });
    await frames();

    const feed = new RewriteFeed(ORIGINAL);
    feed.push(REWRITE);
    const want = feed.completeRows().map((r) => `${r.kind}:${r.text === '' ? ' ' : r.text}`);
    expect(await rows()).toEqual(want);
    // Every streamed row of the 30 added lines is still the node it was (a rebuild keeps none).
    const kept = await page.evaluate(() => Array.from(document.querySelectorAll('.card .rows .row[data-mark]')).filter((r) => r.textContent!.includes('const step')).length);
    expect(kept).toBe(30);
  }, 60_000);
});

describe('variant card tail', () => {
  const LONG_ORIGINAL = Array.from({ length: 40 }, (_, i) => `  line ${i};`);
  const tail = () => page.evaluate(() => Array.from(document.querySelectorAll('.card .tail .row')).map((r) => `${r.className.replace('row ', '')}:${r.querySelector('.code')!.textContent}`));

  test('while streaming, the original lines not reached yet keep their nodes; only the front of the tail changes', async () => {
    await send({ type: 'init', title: 't', instruction: 'x', original: LONG_ORIGINAL, cards: [card('waiting')], texts: [] });
    await send({ type: 'delta', index: 0, generation: 0, text: '  line 0;\n  line 1;\n  new', card: card('streaming') });
    await frames();
    expect(await tail()).toEqual(['added:  new', ...LONG_ORIGINAL.slice(2).map((l) => `rest:${l}`)]);
    await page.evaluate(() => document.querySelectorAll('.card .tail .row').forEach((r) => ((r as HTMLElement).dataset.mark = r.textContent!)));

    await send({ type: 'delta', index: 0, generation: 0, text: ' one;\n  line 2;\n  line 3;\n  par', card: card('streaming') });
    await frames();
    expect(await tail()).toEqual(['added:  par', ...LONG_ORIGINAL.slice(4).map((l) => `rest:${l}`)]);
    const kept = await page.evaluate(() => Array.from(document.querySelectorAll('.card .tail .row')).filter((r) => (r as HTMLElement).dataset.mark === r.textContent).length);
    expect(kept).toBe(LONG_ORIGINAL.length - 4);

    await send({ type: 'card', card: card('done') });
    await frames();
    expect(await tail()).toEqual([]);
  }, 60_000);
});
