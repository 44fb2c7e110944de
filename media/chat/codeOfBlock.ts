/**
 * The whole code of the block a toolbar belongs to. A long block is rendered as its first
 * segment (`.code-block`, with the toolbar) followed by `.code-cont` segments; they are
 * consecutive in document order, so the code is the first one's text and each following
 * continuation's, one line break between segments, none before one that continues a cut
 * line (`.code-midline`).
 */
export function codeOfBlock(block: Element): string | undefined {
  const first = block.querySelector('code')?.textContent;
  if (first == null) return undefined;
  const root = block.closest('.markdown') ?? block.parentElement;
  if (!root) return first;
  const segments = Array.from(root.querySelectorAll('.code-block, .code-cont'));
  let code = first;
  for (let i = segments.indexOf(block) + 1; i < segments.length && segments[i]!.classList.contains('code-cont'); i++) {
    code += (segments[i]!.classList.contains('code-midline') ? '' : '\n') + (segments[i]!.querySelector('code')?.textContent ?? '');
  }
  return code;
}
