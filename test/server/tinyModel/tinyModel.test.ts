import { describe, expect, it } from 'vitest';
import { buildTinyModel, DEFAULT_TINY_SPEC, tinyModelHash } from '../../../src/server/tinyModel/tinyModel';
import { byteToUnicode, tinyVocabulary } from '../../../src/server/tinyModel/tinyVocabulary';

const small = { ...DEFAULT_TINY_SPEC, embedding: 16, heads: 2, feedForward: 16, layers: 1 };

describe('tiny model', () => {
  it('is byte-for-byte deterministic per seed', () => {
    const a = buildTinyModel(small);
    expect(buildTinyModel(small).equals(a)).toBe(true);
    expect(buildTinyModel({ ...small, seed: small.seed + 1 }).equals(a)).toBe(false);
    expect(tinyModelHash(small)).toBe(tinyModelHash({ ...small }));
    expect(tinyModelHash(small)).not.toBe(tinyModelHash(DEFAULT_TINY_SPEC));
  });

  it('has a byte-level vocabulary covering every byte, with end-of-sequence suppressed', () => {
    const map = byteToUnicode();
    expect(new Set(map).size).toBe(256);
    const vocab = tinyVocabulary();
    expect(vocab.tokens.slice(0, 256)).toEqual(map);
    expect(new Set(vocab.tokens).size).toBe(vocab.tokens.length);
    expect(vocab.tokens[vocab.eos]).toBe('<|endoftext|>');
    expect(vocab.types[vocab.eos]).toBe(3);
    expect(vocab.suppressed).toContain(vocab.eos);
    expect(vocab.suppressed).not.toContain('a'.charCodeAt(0));
  });
});
