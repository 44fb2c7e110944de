import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../../../src/chat/chatTypes';
import { launchChromium, openChatPage, runIdle, type ChatPage } from './chatPage';

const corpus = JSON.parse(readFileSync(new URL('../../fixtures/chat/xss.json', import.meta.url), 'utf8')) as { name: string; markdown: string }[];

const ANSWER = [
  '# Sorting',
  '',
  'Use **merge sort** when `n` is large; see [the docs](https://example.com/sort) or https://example.com/x.',
  '',
  '- stable',
  '- O(n log n)',
  '  - even worst case',
  '',
  '```ts src/sort.ts',
  'export function sort(xs: number[]): number[] {',
  '  // split',
  '  return xs.length < 2 ? xs : merge(sort(xs.slice(0, 1)), []);',
  '}',
  '```',
  '> Note: *quoted*',
  '',
  '1. one',
  '2. two',
].join('\n');

const answer = (id: string, text: string, status: AssistantTurn['status']): AssistantTurn => ({
  role: 'assistant',
  id,
  text,
  status,
  meta: { route: 'fast', model: 'fast-model', reasons: ['fast model: no files referenced'], firstTokenMs: 42, tokensPerSecond: 1234 },
});

let browser: Browser;
let chat: ChatPage;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  chat = await openChatPage(browser);
  await chat.send({ type: 'conversation', turns: [], streaming: false });
});
afterEach(async () => {
  await chat.close();
});

const html = (id: string) => chat.page.locator(`[data-turn="${id}"] .markdown`).innerHTML();

describe('chat webview in chromium', () => {
  it('announces itself ready', async () => {
    expect((await chat.posted())[0]).toEqual({ type: 'ready' });
  });

  it('streams in small chunks to exactly the DOM of rendering the whole answer at once', async () => {
    await chat.send({ type: 'turnAdded', turn: answer('s', '', 'streaming') });
    for (let i = 0; i < ANSWER.length; ) {
      const n = 1 + ((i * 7) % 5);
      await chat.send({ type: 'delta', turnId: 's', text: ANSWER.slice(i, i + n) });
      i += n;
    }
    await chat.frames();
    await chat.send({ type: 'turnUpdated', turn: answer('s', ANSWER, 'done') });
    await chat.send({ type: 'turnAdded', turn: answer('w', ANSWER, 'done') });
    await chat.frames();
    expect(await html('s')).toBe(await html('w'));
    const article = chat.page.locator('[data-turn="s"]');
    await expect(article.locator('h1').textContent()).resolves.toBe('Sorting');
    await expect(article.locator('pre code').textContent()).resolves.toBe(ANSWER.split('```')[1]!.split('\n').slice(1, -1).join('\n'));
    await expect(article.locator('.tok-keyword').first().textContent()).resolves.toBe('export');
    await expect(article.locator('.turn-head').textContent()).resolves.toContain('fast-model');
    await expect(article.locator('.stats').textContent()).resolves.toBe('first token 42 ms · 1,234 tokens/s');
  });

  it('says how many earlier messages were not sent, only when some were', async () => {
    const trimmed = answer('t', 'ok', 'done');
    trimmed.meta.leftOut = 3;
    await chat.send({ type: 'turnAdded', turn: trimmed });
    await chat.send({ type: 'turnAdded', turn: answer('u', 'ok', 'done') });
    await chat.frames();
    await expect(chat.page.locator('[data-turn="t"] .turn-head .left-out').textContent()).resolves.toBe(
      "3 earlier messages not sent: over the model's context window",
    );
    await expect(chat.page.locator('[data-turn="u"] .left-out').count()).resolves.toBe(0);
  });

  it('re-renders only the tail: earlier blocks keep their DOM nodes while text streams', async () => {
    await chat.send({ type: 'turnAdded', turn: answer('s', '', 'streaming') });
    await chat.send({ type: 'delta', turnId: 's', text: 'First paragraph.\n\nSecond' });
    await chat.frames();
    await chat.page.evaluate(() => {
      (window as unknown as { __first: Element }).__first = document.querySelector('[data-turn="s"] .markdown p')!;
    });
    await chat.send({ type: 'delta', turnId: 's', text: ' paragraph grows\n\n- and a list' });
    await chat.frames();
    const same = await chat.page.evaluate(
      () => (window as unknown as { __first: Element }).__first === document.querySelector('[data-turn="s"] .markdown p'),
    );
    expect(same).toBe(true);
    await expect.poll(() => chat.page.locator('[data-turn="s"] li').textContent()).toBe('and a list');
  });

  it('keeps the end in view while an answer streams, and stays put once the user scrolls up', async () => {
    const log = chat.page.getByRole('log');
    const fromEnd = () => log.evaluate((e) => e.scrollHeight - e.scrollTop - e.clientHeight);
    await chat.send({ type: 'turnAdded', turn: { role: 'user', id: 'u', text: 'q', attachments: [], redirect: false } });
    await chat.send({ type: 'turnAdded', turn: answer('s', '', 'streaming') });
    for (let i = 0; i < 60; i++) {
      await chat.send({ type: 'delta', turnId: 's', text: `Paragraph ${i} with some words in it.\n\n` });
      if (i % 10 === 9) await chat.frames();
    }
    await chat.frames();
    expect(await fromEnd()).toBeLessThan(20);
    await log.evaluate((e) => (e.scrollTop = 100));
    await chat.frames();
    const top = await log.evaluate((e) => e.scrollTop);
    for (let i = 0; i < 20; i++) await chat.send({ type: 'delta', turnId: 's', text: `More ${i}.\n\n` });
    await chat.frames();
    expect(await log.evaluate((e) => e.scrollTop)).toBe(top);
    expect(await fromEnd()).toBeGreaterThan(200);
  });

  it('keeps the off-screen part of a long answer skipped when it ends, so ending lays out nothing new', async () => {
    await chat.send({ type: 'turnAdded', turn: answer('s', '', 'streaming') });
    let text = '';
    for (let i = 0; i < 200; i++) {
      const paragraph = `Paragraph ${i} with some words in it.\n\n`;
      text += paragraph;
      await chat.send({ type: 'delta', turnId: 's', text: paragraph });
    }
    await chat.frames();
    // A block in the first group, far above the view, which is at the end.
    const firstSkipped = () =>
      chat.page.evaluate(() => !document.querySelector('[data-turn="s"] .md-chunk > p')!.checkVisibility({ contentVisibilityAuto: true }));
    expect(await firstSkipped()).toBe(true);
    await chat.send({ type: 'turnUpdated', turn: answer('s', text, 'done') });
    await chat.frames();
    expect(await firstSkipped()).toBe(true);
  });

  it('reopens a long answer with its code plain at first, highlighting a block once it comes near the view', async () => {
    const code = (i: number) => `export function f${i}(x: number): number {\n  // step ${i}\n  return x * ${i};\n}`;
    const text = Array.from({ length: 40 }, (_, i) => `Section ${i}: ${'some words here '.repeat(20)}\n\n\`\`\`ts\n${code(i)}\n\`\`\`\n`).join('\n');
    await chat.send({ type: 'conversation', turns: [answer('old', text, 'done')], streaming: false });
    const blocks = chat.page.locator('[data-turn="old"] .code-block');
    await expect.poll(() => blocks.count()).toBe(40);
    // The view is at the end: the last block is highlighted in idle time, the first, far
    // above, is still plain text (nothing paid for code no one looks at).
    await expect.poll(() => blocks.last().locator('.tok-keyword').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await chat.frames();
    expect(await blocks.first().locator('[class^="tok-"]').count()).toBe(0);
    await blocks.first().evaluate((e) => e.scrollIntoView());
    await expect.poll(() => blocks.first().locator('.tok-keyword').first().textContent(), { timeout: 10_000 }).toBe('export');
    // Highlighting changed no text: every block copies exactly its code.
    for (const i of [0, 39]) {
      await blocks.nth(i).getByRole('button', { name: 'Copy code' }).click();
      await expect.poll(async () => (await chat.posted()).at(-1)).toMatchObject({ type: 'codeAction', action: 'copy', code: code(i) });
    }
  });

  it('builds code in a language whose grammar is not compiled yet plain, and highlights it in idle time, not in its frame', async () => {
    await chat.close();
    chat = await openChatPage(browser, { holdIdle: true });
    await chat.send({ type: 'turnAdded', turn: answer('a', '', 'streaming') });
    await chat.send({ type: 'delta', turnId: 'a', text: 'Here:\n\n```php\n<?php echo "hi"; ?>\n```\n\nand more\n' });
    await chat.frames();
    const code = chat.page.locator('[data-turn="a"] .code-block code');
    expect(await code.textContent()).toContain('echo "hi"');
    expect(await code.locator('[class^="tok-"]').count()).toBe(0);
    // Idle time comes: the grammars compile, and the block is highlighted.
    await expect.poll(async () => (await runIdle(chat.page), await code.locator('.tok-keyword').count()), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await code.textContent()).toContain('echo "hi"');
  });

  it('opens a long conversation newest first and fills in older turns over the next frames', async () => {
    const turns = Array.from({ length: 120 }, (_, i) =>
      i % 2 === 0
        ? { role: 'user' as const, id: `u${i}`, text: `question ${i}`, attachments: [], redirect: false }
        : answer(`a${i}`, `answer **${i}**\n\n\`\`\`js\nlet x = ${i};\n\`\`\``, 'done'),
    );
    await chat.send({ type: 'conversation', turns, streaming: false });
    await chat.page.waitForFunction(() => document.querySelectorAll('article.turn').length === 120, null, { timeout: 10_000 });
    const ids = await chat.page.locator('article.turn').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.turn));
    expect(ids).toEqual(turns.map((t) => t.id));
    await expect.poll(() => chat.page.locator('[data-turn="a1"] strong').textContent()).toBe('1');
    // Opening another conversation stops filling in the first one.
    await chat.send({ type: 'conversation', turns: turns.slice(0, 2), streaming: false });
    await chat.frames();
    await chat.frames();
    expect(await chat.page.locator('article.turn').count()).toBe(2);
  });

  it('shows stopped, redirected and failed answers, with Retry on the last one', async () => {
    await chat.send({
      type: 'conversation',
      streaming: false,
      turns: [
        { role: 'user', id: 'u1', text: 'write a sort', attachments: [{ path: 'src/a.ts', startLine: 3, endLine: 9 }], redirect: false },
        answer('a1', 'function', 'redirected'),
        { role: 'user', id: 'u2', text: 'in python', attachments: [], redirect: true },
        { ...answer('a2', 'def', 'failed'), error: 'Connection lost. Retry when the connection is back.' },
      ],
    });
    await chat.frames();
    await expect.poll(() => chat.page.locator('[data-turn="u1"] .chip').textContent()).toBe('a.ts:3-9');
    expect(await chat.page.locator('[data-turn="u2"] .badge-redirect').textContent()).toContain('Redirect');
    await expect.poll(() => chat.page.locator('[data-turn="a1"] .badge').textContent()).toBe('Redirected');
    expect(await chat.page.locator('[data-turn="a2"] [role="alert"]').textContent()).toContain('Connection lost');
    await chat.page.locator('[data-turn="a2"] button.retry').click();
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'retry', turnId: 'a2' });
  });

  it('offers "Run as background task" on a finished answer the router sent to the full model, and only there', async () => {
    const full = (id: string, status: AssistantTurn['status'], meta: Partial<AssistantTurn['meta']> = {}): AssistantTurn => ({ ...answer(id, 'Plan', status), meta: { route: 'full', model: 'full-model', reasons: ['several files'], ...meta } });
    await chat.send({
      type: 'conversation',
      turns: [
        { role: 'user', id: 'u1', text: 'q', attachments: [], redirect: false },
        answer('a1', 'fast answer', 'done'),
        full('a2', 'done'),
        full('a3', 'done', { route: 'fast', fellBackFrom: 'full' }),
        full('a4', 'streaming'),
      ],
      streaming: true,
    });
    const button = (id: string) => chat.page.locator(`[data-turn="${id}"] button.run-task`);
    expect([await button('a1').count(), await button('a2').count(), await button('a3').count(), await button('a4').count()]).toEqual([0, 1, 1, 0]);
    // Once it has streamed to its end, the answer offers it too.
    await chat.send({ type: 'turnUpdated', turn: full('a4', 'done') });
    await button('a4').waitFor();
    await button('a2').click();
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'runAsTask', turnId: 'a2' });
  });

  it('sends on Enter, adds a line on Shift+Enter, keeps the draft until accepted', async () => {
    const input = chat.page.getByRole('textbox');
    await input.click();
    await input.pressSequentially('line one');
    await input.press('Shift+Enter');
    await input.pressSequentially('line two');
    await input.press('Enter');
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'send', text: 'line one\nline two' });
    await expect.poll(() => input.inputValue()).toBe('line one\nline two');
    await chat.send({ type: 'sendResult', ok: false, error: 'This workspace is not trusted.' });
    await expect.poll(() => input.inputValue()).toBe('line one\nline two');
    await expect.poll(() => chat.page.locator('.composer-status').textContent()).toBe('This workspace is not trusted.');
    await input.press('Enter');
    await chat.send({ type: 'sendResult', ok: true });
    await expect.poll(() => input.inputValue()).toBe('');
  });

  it('stops on Escape and on the Stop button while streaming, and redirects on Enter', async () => {
    await chat.send({ type: 'streaming', streaming: true });
    await chat.page.getByRole('button', { name: /Stop the answer/ }).waitFor({ state: 'visible' });
    await chat.page.keyboard.press('Escape');
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'stop' });
    const stop = chat.page.getByRole('button', { name: /Stop the answer/ });
    await stop.click();
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'stop' });
    await expect.poll(() => chat.page.locator('button.send').textContent()).toBe('Redirect');
    await chat.send({ type: 'streaming', streaming: false });
    await expect.poll(() => stop.isHidden()).toBe(true);
  });

  it('code block buttons post the exact code; links go to the extension, never navigate', async () => {
    await chat.send({ type: 'turnAdded', turn: answer('c', ANSWER, 'done') });
    await chat.frames();
    const block = chat.page.locator('[data-turn="c"] .code-block');
    const code = ANSWER.split('```')[1]!.split('\n').slice(1, -1).join('\n');
    await block.getByRole('button', { name: 'Copy code' }).click();
    await block.getByRole('button', { name: 'Insert code at cursor' }).click();
    await block.getByRole('button', { name: 'Apply code to src/sort.ts' }).click();
    const posted = (await chat.posted()).slice(-3);
    expect(posted).toEqual([
      { type: 'codeAction', action: 'copy', code, path: 'src/sort.ts' },
      { type: 'codeAction', action: 'insert', code, path: 'src/sort.ts' },
      { type: 'codeAction', action: 'apply', code, path: 'src/sort.ts' },
    ]);
    const url = chat.page.url();
    await chat.page.getByRole('link', { name: 'the docs' }).click();
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'openLink', href: 'https://example.com/sort' });
    expect(chat.page.url()).toBe(url);
  });

  it('completes @file mentions from the keyboard', async () => {
    const input = chat.page.getByRole('textbox');
    await input.click();
    await input.pressSequentially('look at @ma');
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'mentionQuery', query: 'ma' });
    await chat.send({ type: 'mentions', query: 'ma', items: [{ path: 'src/main.ts', insert: '@src/main.ts' }, { path: 'my file.ts', insert: '@"my file.ts"' }] });
    await expect.poll(() => chat.page.getByRole('listbox').isVisible()).toBe(true);
    await input.press('ArrowDown');
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBe('mention-1');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('look at @"my file.ts" ');
    await expect.poll(() => chat.page.getByRole('listbox').isHidden()).toBe(true);
  });

  it('shows the attached selection as a chip that can be removed', async () => {
    await chat.send({ type: 'context', chip: { label: 'a.ts:1-20', title: 'src/a.ts, lines 1-20' } });
    await chat.page.getByRole('button', { name: 'Do not attach a.ts:1-20' }).click();
    await expect.poll(async () => (await chat.posted()).at(-1)).toEqual({ type: 'removeContext' });
  });

  // About 1,500 turns: every payload whole and streamed, fifteen split at every position.
  it(`renders all ${corpus.length} XSS payloads inert in a real DOM`, { timeout: 240_000 }, async () => {
    await chat.page.evaluate(() => {
      window.alert = () => ((window as unknown as { __xss: number }).__xss = 1);
    });
    const messages: unknown[] = [];
    for (const [i, c] of corpus.entries()) {
      messages.push({ type: 'turnAdded', turn: answer(`x${i}`, c.markdown, 'done') });
      // The same payload streamed in 1-7 character chunks takes the incremental path.
      messages.push({ type: 'turnAdded', turn: answer(`y${i}`, '', 'streaming') });
      for (let k = 0, n = 1; k < c.markdown.length; k += n, n = (n % 7) + 1) messages.push({ type: 'delta', turnId: `y${i}`, text: c.markdown.slice(k, k + n) });
      messages.push({ type: 'turnUpdated', turn: answer(`y${i}`, c.markdown, 'done') });
    }
    // Fifteen of them split at every position into two deltas, each rendered in between.
    for (const [i, c] of corpus.slice(0, 15).entries()) {
      for (let k = 1; k < c.markdown.length; k++) {
        const id = `z${i}-${k}`;
        messages.push({ type: 'turnAdded', turn: answer(id, c.markdown.slice(0, k), 'streaming') });
        messages.push({ type: 'delta', turnId: id, text: c.markdown.slice(k) });
      }
    }
    await chat.page.evaluate(async (messages) => {
      for (const [n, m] of messages.entries()) {
        window.dispatchEvent(new MessageEvent('message', { data: m }));
        if (n % 50 === 0) await new Promise((r) => requestAnimationFrame(r));
      }
    }, messages);
    await chat.frames();
    await chat.page.waitForTimeout(200);
    const report = await chat.page.evaluate(() => {
      const allowed = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'HR', 'PRE', 'CODE', 'EM', 'STRONG', 'DEL', 'A', 'BR', 'SPAN', 'DIV', 'BUTTON', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD']);
      const bad: string[] = [];
      for (const e of Array.from(document.querySelectorAll('.markdown *'))) {
        if (!allowed.has(e.tagName)) bad.push(`element ${e.tagName}`);
        for (const a of Array.from(e.attributes)) {
          if (a.name.startsWith('on')) bad.push(`handler ${a.name}`);
          if (!['class', 'href', 'title', 'start', 'type', 'data-action', 'aria-label', 'data-lang', 'data-path'].includes(a.name)) bad.push(`attribute ${a.name}`);
        }
        const href = e.getAttribute('href');
        if (href !== null && !/^(https?|mailto):/.test(new URL(href, 'https://base.invalid').protocol)) bad.push(`href ${href}`);
      }
      return { bad, xss: (window as unknown as { __xss?: number }).__xss, scripts: document.scripts.length };
    });
    expect(report.bad).toEqual([]);
    expect(report.xss).toBeUndefined();
    expect(corpus.length).toBeGreaterThanOrEqual(76);
    expect(await chat.page.locator('article.turn').count()).toBe(messages.filter((m) => (m as { type: string }).type === 'turnAdded').length);
    // Only the page's own bundle.
    expect(report.scripts).toBe(1);
    const text = await chat.page.locator('[data-turn="x0"] .markdown').textContent();
    expect(text).toBe(corpus[0]!.markdown);
  });
});
