import type { TokenPiece } from './engine';

/** Bridges push callbacks (the native engine) to an async iterator, ending on `end()`. */
export class PieceQueue {
  private readonly items: TokenPiece[] = [];
  private wake?: () => void;
  private finished = false;
  private failure?: Error;

  push(piece: TokenPiece): void {
    this.items.push(piece);
    this.wake?.();
  }

  end(error?: Error): void {
    this.finished = true;
    this.failure = error;
    this.wake?.();
  }

  async *drain(): AsyncGenerator<TokenPiece> {
    for (;;) {
      if (this.items.length) {
        yield this.items.shift()!;
        continue;
      }
      if (this.finished) {
        if (this.failure) throw this.failure;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
