import { buildNode } from './buildDom';
import type { Highlighter, IdleTime } from './highlighter';
import { codeLines } from './toTree';

/** Time one idle period may spend highlighting; one segment always goes, however long it takes. */
const BUDGET_MS = 6;
/** Code this close to the view is highlighted before it scrolls in. */
const MARGIN = '400px';

/**
 * Highlighting for code that arrived faster than it could be highlighted in its frame (an
 * answer reopened from history, a huge message): it is rendered as plain text first, and a
 * segment is highlighted once it comes near the view, in idle time, one at a time. Off-screen
 * code never costs a highlight; the text of the `code` element never changes, so Copy, Insert
 * and Apply read the same code before and after.
 */
export class DeferredHighlight {
  private readonly lang = new WeakMap<Element, string>();
  private readonly queue = new Set<Element>();
  private readonly observer: IntersectionObserver;
  private scheduled = false;

  constructor(
    private readonly highlighter: Highlighter,
    private readonly whenIdle: (callback: (idle: IdleTime) => void) => void,
  ) {
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) this.queue.add(e.target);
          else this.queue.delete(e.target);
        }
        this.schedule();
      },
      { rootMargin: MARGIN },
    );
  }

  /** `code`: a plain `code` element, to be highlighted as `lang` once near the view. */
  add(code: Element, lang: string): void {
    this.lang.set(code, lang);
    this.observer.observe(code);
  }

  private schedule(): void {
    if (this.scheduled || this.queue.size === 0) return;
    this.scheduled = true;
    this.whenIdle((idle) => this.run(idle));
  }

  private run(idle: IdleTime): void {
    this.scheduled = false;
    const t0 = performance.now();
    // A grammar still to be compiled waits for a long idle period, as the warm-up does.
    const mayCompile = this.highlighter.mayCompileIn(idle);
    for (const code of this.queue) {
      if (performance.now() - t0 >= BUDGET_MS) break;
      const lang = this.lang.get(code);
      if (lang !== undefined && !mayCompile && !this.highlighter.isWarm(lang)) continue;
      this.queue.delete(code);
      this.observer.unobserve(code);
      if (lang === undefined || !code.isConnected) continue;
      this.lang.delete(code);
      const doc = code.ownerDocument;
      code.replaceChildren(...codeLines(code.textContent ?? '', lang, this.highlighter).map((c) => buildNode(doc, c)));
    }
    this.schedule();
  }
}
