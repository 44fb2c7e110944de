import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { HostMessage, ViewMessage } from '../../../src/chat/chatProtocol';

const root = resolve(import.meta.dirname, '../../..');

/**
 * The chat webview's real script (bundled from source now, so the test never runs a stale
 * build) in headless chromium, with a stand-in for VS Code's webview API that records what
 * the page posts.
 */
export interface ChatPage {
  page: Page;
  send(message: HostMessage): Promise<void>;
  posted(): Promise<ViewMessage[]>;
  /** Wait for two animation frames: batched renders have run. */
  frames(): Promise<void>;
  close(): Promise<void>;
}

interface IdleHold {
  __idle: IdleRequestCallback[];
  __nativeIdle: (cb: IdleRequestCallback) => number;
  requestIdleCallback: (cb: IdleRequestCallback) => number;
}

/** On a page opened with `holdIdle`: runs the idle callbacks queued so far, each given a whole idle period. */
export function runIdle(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const cb of (window as unknown as IdleHold).__idle.splice(0)) cb({ timeRemaining: () => 50, didTimeout: false });
  });
}

/** On a page opened with `holdIdle`: idle callbacks run in the browser's own idle time again. */
export function releaseIdle(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as IdleHold;
    w.requestIdleCallback = w.__nativeIdle;
    for (const cb of w.__idle.splice(0)) w.__nativeIdle(cb);
  });
}

/**
 * On a page opened with `holdIdle`: gives it the idle time a chat open for a while has had, so
 * its highlighting grammars are compiled (the page marks `data-highlighter="ready"`), then
 * lets idle callbacks run on their own again.
 */
export async function warmChat(page: Page): Promise<void> {
  for (let i = 0; i < 200 && !(await page.evaluate(() => document.body.dataset.highlighter === 'ready')); i++) await runIdle(page);
  if (!(await page.evaluate(() => document.body.dataset.highlighter === 'ready'))) throw new Error('the chat page did not finish compiling its grammars in 200 idle periods');
  await releaseIdle(page);
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/**
 * `holdIdle`: idle callbacks queue in `window.__idle` instead of running, so a test decides
 * when the page has idle time (the highlighter's grammars compile in it).
 */
export async function openChatPage(browser: Browser, options: { holdIdle?: boolean } = {}): Promise<ChatPage> {
  const bundle = await esbuild.build({
    entryPoints: [resolve(root, 'media/chat/main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const page = await browser.newPage({ viewport: { width: 420, height: 800 } });
  await page.setContent('<!DOCTYPE html><html><head></head><body><main id="app"></main></body></html>');
  await page.addStyleTag({ content: readFileSync(resolve(root, 'media/chat/chat.css'), 'utf8') });
  await page.evaluate(() => {
    const w = window as unknown as { __posted: unknown[]; acquireVsCodeApi: () => unknown };
    w.__posted = [];
    let state: unknown;
    w.acquireVsCodeApi = () => ({ postMessage: (m: unknown) => w.__posted.push(m), getState: () => state, setState: (s: unknown) => (state = s) });
  });
  if (options.holdIdle) {
    await page.evaluate(() => {
      const w = window as unknown as IdleHold;
      w.__idle = [];
      w.__nativeIdle = window.requestIdleCallback.bind(window);
      w.requestIdleCallback = (cb) => w.__idle.push(cb);
    });
  }
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  return {
    page,
    send: (message) => page.evaluate((m) => window.postMessage(m, '*'), message),
    posted: () => page.evaluate(() => (window as unknown as { __posted: ViewMessage[] }).__posted),
    frames: () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))),
    close: () => page.close(),
  };
}
