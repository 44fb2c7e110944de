import { createHash } from 'node:crypto';
import { writeGguf, type GgufTensor, type GgufValue } from './ggufWriter';
import { seededRandom } from './seededRandom';
import { tinyVocabulary } from './tinyVocabulary';

export interface TinyModelSpec {
  seed: number;
  embedding: number;
  layers: number;
  heads: number;
  feedForward: number;
  contextLength: number;
}

// One narrow layer: on one CPU thread this streams several times faster than two 64-wide
// layers, and the text is meaningless either way.
export const DEFAULT_TINY_SPEC: TinyModelSpec = {
  seed: 20_260_101,
  embedding: 32,
  layers: 1,
  heads: 2,
  feedForward: 64,
  contextLength: 8192,
};

// Bump when the generated file changes for the same spec, so caches regenerate.
const FORMAT_VERSION = 1;

/** A short stable hash naming the cached file of a spec. */
export function tinyModelHash(spec: TinyModelSpec): string {
  return createHash('sha256').update(JSON.stringify({ spec, FORMAT_VERSION })).digest('hex').slice(0, 12);
}

/**
 * A llama-architecture GGUF with random weights. Embedding dimension 0 is 1 for every token
 * and nothing writes to it, so after the final norm it is always positive; a large negative
 * weight from it to the end-of-sequence (and other unwanted) output rows keeps generation
 * going as long as asked.
 */
export function buildTinyModel(spec: TinyModelSpec = DEFAULT_TINY_SPEC): Buffer {
  const vocab = tinyVocabulary();
  const n = spec.embedding;
  const nVocab = vocab.tokens.length;
  const random = seededRandom(spec.seed);
  const uniform = (count: number, scale: number) => {
    const a = new Float32Array(count);
    for (let i = 0; i < count; i++) a[i] = (random() * 2 - 1) * scale;
    return a;
  };
  const ones = (count: number) => new Float32Array(count).fill(1);
  const scale = 1 / Math.sqrt(n);
  const noWriteToDim0 = (m: Float32Array, rowLength: number) => m.fill(0, 0, rowLength);

  const embd = uniform(n * nVocab, 1);
  for (let t = 0; t < nVocab; t++) embd[t * n] = 1;
  const tensors: GgufTensor[] = [{ name: 'token_embd.weight', dims: [n, nVocab], data: embd }];
  for (let l = 0; l < spec.layers; l++) {
    const attnOut = uniform(n * n, scale);
    noWriteToDim0(attnOut, n);
    const ffnDown = uniform(spec.feedForward * n, 1 / Math.sqrt(spec.feedForward));
    noWriteToDim0(ffnDown, spec.feedForward);
    tensors.push(
      { name: `blk.${l}.attn_norm.weight`, dims: [n], data: ones(n) },
      { name: `blk.${l}.attn_q.weight`, dims: [n, n], data: uniform(n * n, scale) },
      { name: `blk.${l}.attn_k.weight`, dims: [n, n], data: uniform(n * n, scale) },
      { name: `blk.${l}.attn_v.weight`, dims: [n, n], data: uniform(n * n, scale) },
      { name: `blk.${l}.attn_output.weight`, dims: [n, n], data: attnOut },
      { name: `blk.${l}.ffn_norm.weight`, dims: [n], data: ones(n) },
      { name: `blk.${l}.ffn_gate.weight`, dims: [n, spec.feedForward], data: uniform(n * spec.feedForward, scale) },
      { name: `blk.${l}.ffn_up.weight`, dims: [n, spec.feedForward], data: uniform(n * spec.feedForward, scale) },
      { name: `blk.${l}.ffn_down.weight`, dims: [spec.feedForward, n], data: ffnDown },
    );
  }
  const output = uniform(n * nVocab, scale * 4);
  for (const t of vocab.suppressed) output[t * n] = -100;
  tensors.push({ name: 'output_norm.weight', dims: [n], data: ones(n) }, { name: 'output.weight', dims: [n, nVocab], data: output });

  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  const metadata: Record<string, GgufValue> = {
    'general.architecture': { type: 'string', value: 'llama' },
    'general.name': { type: 'string', value: `flint-tiny-${tinyModelHash(spec)}` },
    'general.alignment': u32(32),
    'llama.context_length': u32(spec.contextLength),
    'llama.embedding_length': u32(n),
    'llama.block_count': u32(spec.layers),
    'llama.feed_forward_length': u32(spec.feedForward),
    'llama.attention.head_count': u32(spec.heads),
    'llama.attention.head_count_kv': u32(spec.heads),
    'llama.rope.dimension_count': u32(n / spec.heads),
    'llama.attention.layer_norm_rms_epsilon': { type: 'f32', value: 1e-5 },
    'tokenizer.ggml.model': { type: 'string', value: 'gpt2' },
    'tokenizer.ggml.pre': { type: 'string', value: 'default' },
    'tokenizer.ggml.tokens': { type: 'string[]', value: vocab.tokens },
    'tokenizer.ggml.token_type': { type: 'i32[]', value: vocab.types },
    'tokenizer.ggml.merges': { type: 'string[]', value: [] },
    'tokenizer.ggml.bos_token_id': u32(vocab.eos),
    'tokenizer.ggml.eos_token_id': u32(vocab.eos),
    'tokenizer.ggml.add_bos_token': { type: 'bool', value: false },
    'tokenizer.ggml.fim_pre_token_id': u32(vocab.fim.prefix),
    'tokenizer.ggml.fim_suf_token_id': u32(vocab.fim.suffix),
    'tokenizer.ggml.fim_mid_token_id': u32(vocab.fim.middle),
  };
  return writeGguf(metadata, tensors);
}
