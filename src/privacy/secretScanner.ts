import { earliestMatch, findingIn, scanned, type SecretFinding, type SecretMatch } from './secretScan';

/** Line blocks remembered: the prefix's and the suffix's, with room for a second editor. */
const REMEMBERED = 4;

/**
 * `findSecret` for text that changes a little at a time, such as the window around the cursor
 * on every keystroke. Same answers; the cost is the changed lines. Rules whose matches never
 * span a line break are run on the first line, the last line and the whole lines between them
 * (the block), and a block's result is remembered: typing changes the lines at the edges of the
 * prefix and of the suffix, not the block. The rules that can span lines run over all of it.
 */
export class SecretScanner {
  private readonly blocks: { text: string; match: SecretMatch | undefined }[] = [];

  find(text: string): SecretFinding | undefined {
    const t = scanned(text);
    const first = t.indexOf('\n');
    const last = t.lastIndexOf('\n');
    if (first < 0 || first === last) return findingIn(t, earliestMatch(t, 'all'));
    let best = earliestMatch(t, 'multiLine');
    const consider = (m: SecretMatch | undefined, offset: number) => {
      if (!m) return;
      const index = m.index + offset;
      if (!best || index < best.index || (index === best.index && m.rule < best.rule)) best = { ...m, index };
    };
    consider(earliestMatch(t.slice(0, first + 1), 'lineLocal'), 0);
    consider(this.block(t.slice(first + 1, last + 1)), first + 1);
    consider(earliestMatch(t.slice(last + 1), 'lineLocal'), last + 1);
    return findingIn(t, best);
  }

  private block(text: string): SecretMatch | undefined {
    const i = this.blocks.findIndex((b) => b.text === text);
    if (i >= 0) {
      const [hit] = this.blocks.splice(i, 1);
      this.blocks.unshift(hit);
      return hit.match;
    }
    const match = earliestMatch(text, 'lineLocal');
    this.blocks.unshift({ text, match });
    if (this.blocks.length > REMEMBERED) this.blocks.pop();
    return match;
  }
}
