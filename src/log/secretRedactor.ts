/** Pieces shorter than this are not redacted on their own (a key split across two log lines). */
const MIN_PIECE = 8;
/** Invisible characters that could be slipped inside a key to get it past a plain search. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/**
 * A function that replaces every known secret in a text with "[redacted]": verbatim or in any
 * letter case, URL-encoded, JSON-escaped, hex, base64 (at each of the three byte alignments, as
 * inside an echoed `Authorization: Basic` header), with invisible characters slipped inside,
 * and any piece of MIN_PIECE or more characters of those forms (a key split across two log
 * lines leaves no piece long enough to use). Linear in the text: a window of MIN_PIECE
 * characters is looked up in a set of every such piece of every form.
 */
export function secretRedactor(secrets: readonly string[]): (text: string) => string {
  const pieces = new Set<string>();
  let shortest = Infinity;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of formsOf(secret)) {
      const f = form.toLowerCase();
      // A form shorter than a piece is matched whole.
      const n = Math.min(MIN_PIECE, f.length);
      shortest = Math.min(shortest, n);
      for (let i = 0; i + n <= f.length; i++) pieces.add(f.slice(i, i + n));
    }
  }
  if (pieces.size === 0) return (text) => text;
  const sizes = [...new Set([...pieces].map((p) => p.length))].sort((a, b) => b - a);
  return (text) => {
    const plain = text.replace(INVISIBLE, '');
    const lower = plain.toLowerCase();
    if (lower.length < shortest) return plain;
    const hidden = new Uint8Array(lower.length + 1);
    let any = false;
    for (const n of sizes) {
      for (let i = 0; i + n <= lower.length; i++) {
        if (pieces.has(lower.slice(i, i + n))) {
          hidden.fill(1, i, i + n);
          any = true;
        }
      }
    }
    if (!any) return plain;
    let out = '';
    for (let i = 0; i < plain.length; ) {
      if (!hidden[i]) {
        out += plain[i++];
        continue;
      }
      while (hidden[i]) i++;
      out += '[redacted]';
    }
    return out;
  };
}

function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), bytes.toString('hex')];
  for (let offset = 0; offset < 3; offset++) {
    // The key's bytes after `offset` others: skip the characters that mix in a neighbour's bits.
    const b64 = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
    const start = Math.ceil((offset * 4) / 3);
    const stable = b64.slice(start, Math.floor(((offset + bytes.length) * 4) / 3));
    if (stable.length > 0) forms.push(stable, stable.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms.filter((f) => f.length > 0);
}
