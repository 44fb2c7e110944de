// Worker side of the chat bench: produces tokens at a fixed rate and posts them to the page
// either as the extension does (through the real ChatOutbox, which merges deltas per 16 ms)
// or one message per token (a stress case the extension never produces).
import { ChatOutbox } from '../src/chat/chatOutbox';

interface Feed {
  turnId: string;
  tokens: string[];
  rate: number;
  perToken: boolean;
}

onmessage = (event: MessageEvent<Feed>) => {
  const { turnId, tokens, rate, perToken } = event.data;
  const outbox = new ChatOutbox((m) => postMessage(m), {
    set: (callback, ms) => setTimeout(callback, ms),
    clear: (handle) => clearTimeout(handle as number),
  });
  const t0 = performance.now();
  let sent = 0;
  const pump = () => {
    const due = Math.min(tokens.length, Math.floor(((performance.now() - t0) / 1000) * rate));
    for (; sent < due; sent++) {
      if (perToken) postMessage({ type: 'delta', turnId, text: tokens[sent] });
      else outbox.delta(turnId, tokens[sent]!);
    }
    if (sent < tokens.length) {
      setTimeout(pump, 1);
      return;
    }
    // Flushes what the outbox still holds, then tells the page the feed is over.
    outbox.send({ type: 'notice', text: '' });
    postMessage({ type: 'end', ms: performance.now() - t0, sent });
  };
  pump();
};
