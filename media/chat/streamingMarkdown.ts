import { parseBlocks, type Block, type Resume } from './markdown/blocks';
import { patchChildren } from './markdown/buildDom';
import type { DeferredHighlight } from './markdown/deferredHighlight';
import type { Highlighter } from './markdown/highlighter';
import type { MdElement } from './markdown/mdNode';
import { blockToTree, highlightCost } from './markdown/toTree';

/** Committed blocks are grouped, so the page has few elements to check for visibility. */
const CHUNK_BLOCKS = 16;
/**
 * Source characters parsed in one render. A longer tail (an answer reopened from history, a
 * huge message) is rendered over several frames, a slice at a time, as if it were streaming.
 */
const SLICE_CHARS = 8_000;
/** Code characters highlighted in one render; the blocks after it wait for the next frame. */
const HIGHLIGHT_CHARS = 3_000;

/**
 * One answer's Markdown, rendered as text streams in. Blocks that can no longer change
 * (a later block has started on a complete line) are committed and never looked at again;
 * each render re-parses only the tail from the first uncommitted block and patches its DOM,
 * so a long answer costs the same per frame as a short one. Committed blocks move into
 * `div.md-chunk` groups, which the stylesheet lets the browser skip while off screen.
 * At most a slice of the tail is parsed per render; `dirty` stays set until all of it is.
 * While more than a slice waits (text arrives faster than it renders), code is built plain
 * and highlighted later by `deferred`, once near the view: highlighting is what a frame
 * cannot afford for a flood of code (tens of ms for one segment while highlight.js is cold).
 *
 * Why not markdown-it underneath: measured in Chromium on the chat bench's long answer streamed
 * at 5,000 tokens/s, markdown-it under this same commit-and-reparse-the-tail scheme had the
 * lower median CPU per frame (about 4 ms against 7.5) but frames over 50 ms in 4 of 5 runs
 * (up to 98 ms) and no better p95 (14–21 ms against 14–18), before the safe tree building and
 * block segmenting this parser gives hostile answers. It costs frame budget: not switched.
 */
export class StreamingMarkdown {
  private source = '';
  /** Offset in `source` where the uncommitted tail starts. */
  private tailOffset = 0;
  /** Parse state at `tailOffset` when it falls inside a segmented block. */
  private tailResume: Resume | undefined;
  /** Grows while a slice commits nothing (one block longer than a slice), so work always advances. */
  private slice = SLICE_CHARS;
  /** Index in `root` of the tail's first DOM node (the number of chunks before it). */
  private tailIndex = 0;
  private tail: MdElement[] = [];
  private chunk: HTMLElement | undefined;
  private rendered = true;

  constructor(
    private readonly root: HTMLElement,
    private readonly highlighter: Highlighter,
    private readonly deferred: DeferredHighlight,
  ) {}

  get text(): string {
    return this.source;
  }

  get dirty(): boolean {
    return !this.rendered;
  }

  append(text: string): void {
    this.source += text;
    this.rendered = false;
  }

  /** Replace everything (a retried answer starts again from empty). */
  reset(text: string): void {
    this.root.replaceChildren();
    this.source = text;
    this.tailOffset = 0;
    this.tailResume = undefined;
    this.slice = SLICE_CHARS;
    this.tailIndex = 0;
    this.tail = [];
    this.chunk = undefined;
    this.rendered = false;
  }

  /** Bring the DOM up to date; `final` commits everything (the answer has ended). */
  render(final = false): void {
    if (this.rendered && !final) return;
    const rest = this.source.length - this.tailOffset;
    const partial = rest > this.slice;
    const region = this.source.slice(this.tailOffset, this.tailOffset + (partial ? this.slice : rest));
    const last = final && !partial;
    const blocks = parseBlocks(region, { ...(this.tailResume ? { resume: this.tailResume } : {}), final: last });
    const lastNewline = region.lastIndexOf('\n');
    let commit = last ? blocks.length : 0;
    // A block is final once the next one starts on a complete line, or inside a long line
    // (a cut that only depends on text already here).
    while (!last && commit + 1 < blocks.length && (blocks[commit + 1]!.start <= lastNewline || isMidLine(blocks[commit + 1]!))) commit++;
    // Highlighting is the costly part of building: past the budget, stop after a final block.
    const trees: MdElement[] = [];
    /** Per tree, the language its plain code is to be highlighted as later. */
    const later: (string | undefined)[] = [];
    let spent = 0;
    for (const block of blocks) {
      const cost = highlightCost(block, last);
      // Plain now, highlighted later (only code has a cost): text is waiting beyond this slice,
      // or the grammar is still to be compiled (a chat opened while an answer streams).
      const defer = cost > 0 && (partial || (block.kind === 'code' && !this.highlighter.isWarm(block.lang)));
      if (!defer && spent >= HIGHLIGHT_CHARS && trees.length > 0 && trees.length <= commit) break;
      trees.push(blockToTree(block, 0, last, defer ? undefined : this.highlighter));
      later.push(defer && block.kind === 'code' ? block.lang : undefined);
      if (!defer) spent += cost;
    }
    const more = trees.length < blocks.length;
    if (more) commit = trees.length;
    patchChildren(this.root, this.tailIndex, this.tail, trees);
    if (commit > 0) {
      this.tailOffset += commit < blocks.length ? blocks[commit]!.start : region.length;
      this.tailResume = commit < blocks.length ? resumeOf(blocks[commit]!) : undefined;
      for (let i = 0; i < commit; i++) {
        const node = this.root.childNodes[this.tailIndex]!;
        // Only committed blocks: the tail is rebuilt by the next render.
        const code = later[i] !== undefined ? (node as Element).querySelector('code') : null;
        if (code) this.deferred.add(code, later[i]!);
        this.moveIntoChunk(node);
      }
      this.slice = SLICE_CHARS;
    } else if (partial && !more) {
      this.slice *= 2;
    }
    this.tail = trees.slice(commit);
    this.rendered = !partial && !more;
  }

  private moveIntoChunk(block: Node): void {
    if (!this.chunk || this.chunk.childNodes.length >= CHUNK_BLOCKS) {
      this.chunk = this.root.ownerDocument.createElement('div');
      this.chunk.className = 'md-chunk';
      this.root.insertBefore(this.chunk, block);
      this.tailIndex++;
    }
    this.chunk.appendChild(block);
  }
}

function isMidLine(block: Block): boolean {
  return (block.kind === 'paragraph' && block.midLine === true) || (block.kind === 'code' && block.resume?.kind === 'code' && block.resume.midLine === true);
}

function resumeOf(block: Block): Resume | undefined {
  return 'resume' in block ? block.resume : undefined;
}
