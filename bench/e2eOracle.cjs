// What a perfect model answers at a cursor, shared by the typing run's scripted endpoint (its
// replies, computed ahead) and the in-process provider that answers the same text instantly
// (test/e2e/baseline-extension). CommonJS so that extension can require it.
'use strict';

/** Lines of a block offered after the cursor's line, at most. */
const BLOCK_LINES = 5;

const indentOf = (line) => /^[ \t]*/.exec(line)[0].length;

/**
 * The true line `line` from `col`, then the lines of its block that follow: same or deeper
 * indent, up to BLOCK_LINES, stopping at a blank line, a closing bracket line included.
 */
function restWithBlock(trueLines, line, col) {
  const out = [trueLines[line].slice(col)];
  const indent = indentOf(trueLines[line]);
  for (let k = line + 1; k < trueLines.length && out.length <= BLOCK_LINES; k++) {
    const l = trueLines[k];
    if (l.trim() === '') break;
    if (indentOf(l) < indent) {
      if (/^\s*[}\])]/.test(l)) out.push(l);
      break;
    }
    out.push(l);
  }
  return out.join('\n');
}

/**
 * The perfect answer with the cursor at `line`:`col` of a document (`doc.count` lines,
 * `doc.at(i)` the text of line i) whose lines stand where the true text's do: undefined when the
 * line typed so far is not the true one; the rest of the line when the document already holds
 * the next line; else the rest of the line and the block's lines after it.
 */
function perfectAnswer(trueLines, doc, line, col) {
  if (line >= trueLines.length) return undefined;
  const truth = trueLines[line];
  if (!truth.startsWith(doc.at(line).slice(0, col))) return undefined;
  const nextPresent = line + 1 < doc.count && line + 1 < trueLines.length && doc.at(line + 1) === trueLines[line + 1];
  return nextPresent ? truth.slice(col) : restWithBlock(trueLines, line, col);
}

module.exports = { perfectAnswer, restWithBlock, BLOCK_LINES };
