import { describe, expect, it } from 'vitest';
import { readChatChunk } from '../../src/protocol/chatChunk';
import { readCompletionChunk } from '../../src/protocol/completionChunk';
import { readInfillChunk } from '../../src/protocol/infillChunk';
import type { TextChunkSink } from '../../src/protocol/textChunkSink';

function sink(): TextChunkSink & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    delta: (t) => void calls.push(['delta', t]),
    finish: (r) => void calls.push(['finish', r]),
    usage: (n) => void calls.push(['usage', n]),
    malformed: (r) => void calls.push(['malformed', r]),
  };
}

describe('Chat Completions chunks', () => {
  it('reads content, finish reason and the final usage chunk', () => {
    const s = sink();
    readChatChunk({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] }, s);
    readChatChunk({ choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] }, s);
    readChatChunk({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] }, s);
    readChatChunk({ choices: [], usage: { prompt_tokens: 4, completion_tokens: 9, total_tokens: 13 } }, s);
    expect(s.calls).toEqual([
      ['delta', 'Hi'],
      ['finish', 'length'],
      ['usage', { outputTokens: 9, inputTokens: 4 }],
    ]);
  });

  it('reads the cached share of the prompt, as OpenAI reports it', () => {
    const s = sink();
    readChatChunk({ choices: [], usage: { prompt_tokens: 2006, prompt_tokens_details: { cached_tokens: 1920 }, completion_tokens: 300 } }, s);
    expect(s.calls).toEqual([['usage', { outputTokens: 300, inputTokens: 2006, cachedInputTokens: 1920 }]]);
  });

  it('reports a chunk without choices as malformed', () => {
    const s = sink();
    readChatChunk({ id: 'x' }, s);
    expect(s.calls).toEqual([['malformed', expect.stringContaining('choices')]]);
  });
});

describe('/v1/completions chunks', () => {
  it('reads text and finish reason', () => {
    const s = sink();
    readCompletionChunk({ object: 'text_completion', choices: [{ index: 0, text: 'x = 1', finish_reason: null }] }, s);
    readCompletionChunk({ choices: [{ index: 0, text: '', finish_reason: 'stop' }], usage: { completion_tokens: 3 } }, s);
    readCompletionChunk({ choices: [{ text: 5 }] }, s);
    expect(s.calls).toEqual([['delta', 'x = 1'], ['finish', 'stop'], ['usage', { outputTokens: 3 }], ['malformed', expect.stringContaining('text')]]);
  });
});

describe('usage on chunks that carry choices (Ollama)', () => {
  it('takes the real usage after the all-zero ones on every chunk', () => {
    const s = sink();
    const zero = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
    readCompletionChunk({ choices: [{ index: 0, text: 'x', finish_reason: null }], usage: zero }, s);
    readCompletionChunk({ choices: [{ index: 0, text: '', finish_reason: 'stop' }], usage: zero }, s);
    readCompletionChunk({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 1, total_tokens: 8 } }, s);
    expect(s.calls).toEqual([['delta', 'x'], ['finish', 'stop'], ['usage', { outputTokens: 1, inputTokens: 7 }]]);
  });

  it('still takes a usage of its own, even an empty answer\'s', () => {
    const s = sink();
    readChatChunk({ choices: [], usage: { prompt_tokens: 0, completion_tokens: 0 } }, s);
    expect(s.calls).toEqual([['usage', { outputTokens: 0, inputTokens: 0 }]]);
  });
});

describe('llama.cpp /infill chunks', () => {
  it('reads content until stop, with the token count and limit as length', () => {
    const s = sink();
    readInfillChunk({ index: 0, content: 'ret', stop: false, id_slot: 0 }, s);
    readInfillChunk({ content: '', stop: true, stop_type: 'limit', tokens_predicted: 16, timings: {} }, s);
    readInfillChunk({ content: 'x' }, s);
    expect(s.calls).toEqual([['delta', 'ret'], ['usage', { outputTokens: 16 }], ['finish', 'length'], ['malformed', expect.stringContaining('stop')]]);
  });

  it('reads the prompt tokens evaluated and those reused from the cache', () => {
    const s = sink();
    readInfillChunk({ content: '', stop: true, stop_type: 'eos', tokens_predicted: 5, tokens_evaluated: 40, timings: { cache_n: 200, prompt_n: 40 } }, s);
    expect(s.calls).toEqual([['usage', { outputTokens: 5, inputTokens: 240, cachedInputTokens: 200 }], ['finish', 'stop']]);
  });
});
