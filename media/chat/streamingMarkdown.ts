import { parseBlocks } from './markdown/blocks';
import { patchChildren } from './markdown/buildDom';
import type { MdElement } from './markdown/mdNode';
import { blockToTree } from './markdown/toTree';

/** Committed blocks are grouped, so the page has few elements to check for visibility. */
const CHUNK_BLOCKS = 16;

/**
 * One answer's Markdown, rendered as text streams in. Blocks that can no longer change
 * (a later block has started on a complete line) are committed and never looked at again;
 * each render re-parses only the tail from the first uncommitted block and patches its DOM,
 * so a long answer costs the same per frame as a short one. Committed blocks move into
 * `div.md-chunk` groups, which the stylesheet lets the browser skip while off screen.
 */
export class StreamingMarkdown {
  private source = '';
  /** Offset in `source` where the uncommitted tail starts. */
  private tailOffset = 0;
  /** Index in `root` of the tail's first DOM node (the number of chunks before it). */
  private tailIndex = 0;
  private tail: MdElement[] = [];
  private chunk: HTMLElement | undefined;
  private rendered = true;

  constructor(private readonly root: HTMLElement) {}

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
    this.tailIndex = 0;
    this.tail = [];
    this.chunk = undefined;
    this.rendered = false;
  }

  /** Bring the DOM up to date; `final` commits everything (the answer has ended). */
  render(final = false): void {
    if (this.rendered && !final) return;
    const region = this.source.slice(this.tailOffset);
    const blocks = parseBlocks(region);
    const trees = blocks.map((b) => blockToTree(b, 0));
    patchChildren(this.root, this.tailIndex, this.tail, trees);
    const lastNewline = region.lastIndexOf('\n');
    let commit = final ? blocks.length : 0;
    while (!final && commit + 1 < blocks.length && blocks[commit + 1]!.start <= lastNewline) commit++;
    if (commit > 0) {
      this.tailOffset += commit < blocks.length ? blocks[commit]!.start : region.length;
      for (let i = 0; i < commit; i++) this.moveIntoChunk(this.root.childNodes[this.tailIndex]!);
    }
    this.tail = trees.slice(commit);
    this.rendered = true;
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
