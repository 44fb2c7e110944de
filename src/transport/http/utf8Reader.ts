/** A response body held bytes that are not UTF-8 (every API Flint speaks sends UTF-8 text). */
export class InvalidUtf8Error extends Error {
  constructor() {
    super('the response is not valid UTF-8 text');
    this.name = 'InvalidUtf8Error';
  }
}

/**
 * Turns a body's bytes into text as they arrive, each byte once, failing with InvalidUtf8Error
 * at the first one that is not UTF-8 rather than passing replacement characters on. A character
 * split between chunks waits for the rest of it in the next one.
 */
export class Utf8Reader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  /** The text of `chunk`, without a character it cuts off at its end. */
  next(chunk: Uint8Array): string {
    try {
      return this.decoder.decode(chunk, { stream: true });
    } catch {
      throw new InvalidUtf8Error();
    }
  }

  /** The body ended: fails when it cut a character off. */
  end(): void {
    try {
      this.decoder.decode();
    } catch {
      throw new InvalidUtf8Error();
    }
  }
}

/** A whole body's text, checked as Utf8Reader checks a streamed one. */
export function utf8Text(bytes: ArrayBuffer): string {
  const reader = new Utf8Reader();
  const text = reader.next(new Uint8Array(bytes));
  reader.end();
  return text;
}
