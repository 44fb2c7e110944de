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
      const w = window as unknown as { __idle: IdleRequestCallback[]; requestIdleCallback: (cb: IdleRequestCallback) => number };
      w.__idle = [];
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
