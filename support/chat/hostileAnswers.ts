import type { Page } from 'playwright-core';
import type { AssistantTurn } from '../../src/chat/chatTypes';

/**
 * Answers a model can be steered into producing (by the files it reads) that used to freeze
 * the chat for seconds, and the way they reach the page: streamed live or reopened from
 * history. Shared by the freeze test and the chat benchmark, which holds the frame target.
 */
const CODE_LINE = 'const value = compute(input, options) + 42; // keep going';
const codeBody = (bytes: number) => Array.from({ length: Math.ceil(bytes / (CODE_LINE.length + 1)) }, (_, i) => `${CODE_LINE} ${i}`).join('\n');
export const HOSTILE_CODE = codeBody(1_000_000);
/** One line of code 200 KB long, with a line before and after it. */
export const LONG_CODE_LINE = `const a = 1;\nconst blob = "${'x'.repeat(200_000)}";\nconst b = 2;`;

export const HOSTILE_ANSWERS = {
  heading: { name: 'a 100,000-space ATX heading', text: `# a${' '.repeat(100_000)}b\n\nafter` },
  brackets: { name: '1 MB of nested link brackets', text: `${'['.repeat(500_000)}${'](x)'.repeat(125_000)}` },
  lines: { name: 'a 300,000-line paragraph', text: Array.from({ length: 300_000 }, (_, i) => `w${i % 10}`).join('\n') },
  longLine: { name: 'a 200 KB line without breaks', text: 'x'.repeat(200_000) },
  longCodeLine: { name: 'a 200 KB line of code', text: `\`\`\`ts\n${LONG_CODE_LINE}\n\`\`\`\n` },
  code: { name: 'a 1 MB code block', text: `\`\`\`ts\n${HOSTILE_CODE}\n\`\`\`\n` },
} as const;

export type HostileKey = keyof typeof HOSTILE_ANSWERS;

/** Streamed in this many messages, one per frame: far larger pieces than the extension sends. */
const LIVE_MESSAGES = 40;

const answer = (id: string, text: string, status: AssistantTurn['status']): AssistantTurn => ({
  role: 'assistant',
  id,
  text,
  status,
  meta: { route: 'fast', model: 'fast-model', reasons: [] },
});

export function liveMessages(id: string, text: string): unknown[] {
  const size = Math.ceil(text.length / LIVE_MESSAGES);
  const out: unknown[] = [{ type: 'turnAdded', turn: answer(id, '', 'streaming') }];
  for (let i = 0; i < text.length; i += size) out.push({ type: 'delta', turnId: id, text: text.slice(i, i + size) });
  out.push({ type: 'turnUpdated', turn: answer(id, text, 'done') });
  return out;
}

export function historyMessages(id: string, text: string): unknown[] {
  return [{ type: 'conversation', turns: [answer(id, text, 'done')], streaming: false }];
}

export interface FrameRecord {
  frames: number;
  /** Wall time of each frame, from its animation callbacks to the first task after it, ms. */
  frameMs: number[];
  /** Frames Chromium reports as long (over 50 ms), with the page's own work in them. */
  long: { duration: number; scripts: number; layout: number }[];
}

/**
 * Delivers `messages` to the page, one per animation frame, then records frames until the
 * transcript has not changed for 10 frames (rendering spread over frames has finished).
 */
export function deliverAndRecord(page: Page, messages: unknown[]): Promise<FrameRecord> {
  return page.evaluate(
    (messages) =>
      new Promise<FrameRecord>((resolve) => {
        type Loaf = PerformanceEntry & { styleAndLayoutStart: number; scripts: { duration: number }[] };
        const record: FrameRecord = { frames: 0, frameMs: [], long: [] };
        let firstFrame = Infinity;
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Loaf[]) {
            // The test's own hand-over of the messages to the page ran before the first frame.
            if (e.startTime < firstFrame) continue;
            record.long.push({
              duration: Math.round(e.duration),
              scripts: Math.round(e.scripts.reduce((n, s) => n + s.duration, 0)),
              layout: Math.round(e.startTime + e.duration - e.styleAndLayoutStart),
            });
          }
        });
        observer.observe({ type: 'long-animation-frame' });
        let changedAt = 0;
        const mutations = new MutationObserver(() => (changedAt = record.frames));
        mutations.observe(document.getElementById('app')!, { subtree: true, childList: true, characterData: true });
        const channel = new MessageChannel();
        let frameStart = 0;
        channel.port1.onmessage = () => record.frameMs.push(performance.now() - frameStart);
        let next = 0;
        const onFrame = () => {
          record.frames++;
          frameStart = performance.now();
          firstFrame = Math.min(firstFrame, frameStart);
          channel.port2.postMessage(0);
          if (next < messages.length) {
            const m = messages[next++];
            // A task of its own, as a message from the extension host arrives.
            setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data: m })), 0);
          } else if (record.frames - changedAt > 10 || record.frames > 5000) {
            setTimeout(() => {
              observer.disconnect();
              mutations.disconnect();
              resolve(record);
            }, 100);
            return;
          }
          requestAnimationFrame(onFrame);
        };
        requestAnimationFrame(onFrame);
      }),
    messages,
  );
}
