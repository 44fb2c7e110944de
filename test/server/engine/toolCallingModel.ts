import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { writeGguf, type GgufTensor, type GgufValue } from '../../../src/server/tinyModel/ggufWriter';
import { byteToUnicode } from '../../../src/server/tinyModel/tinyVocabulary';

/** Qwen2.5 Instruct's chat template (the one Qwen2.5-Coder Instruct's GGUF carries). */
export const QWEN_CHAT_TEMPLATE = readFileSync(join(__dirname, 'fixtures', 'qwen2.5-instruct.chat_template.jinja'), 'utf8');

/** A ChatML template that renders no tools: an instruct model that cannot call functions. */
export const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** The call the model makes when it has read no tool output yet, in Qwen's tool-call format. */
export const MODEL_CALL = { name: 'read_file', arguments: { path: 'a.js' } };
/** What the model answers once the conversation holds a tool's output. */
export const MODEL_ANSWER = 'a.js is read.';

// Control tokens, as Qwen's vocabulary has them.
const CONTROL = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'];
// Tokens the tokenizer always keeps whole (llama.cpp's user-defined tokens): Qwen's tool tags,
// and the pieces of the call, so that the answer is a chain of distinct tokens.
const PIECES = [
  '<tool_call>',
  '</tool_call>',
  '<tool_response>',
  '</tool_response>',
  '\n{"name": "',
  'read_file',
  '", "arguments": ',
  '{"path": "',
  'a.js',
  '"}',
  '\n\n\n\n',
  '}\n',
  MODEL_ANSWER,
];

/**
 * Each token's successor. After the prompt's last token (the newline of `<|im_start|>assistant\n`)
 * the model writes `<tool_call>\n{"name": "read_file` and a newline (node-llama-cpp's grammar for
 * a function name ends with one), then, once the library has written `", "arguments": `, the
 * arguments `{"path": "a.js"}` and four newlines (the end its arguments grammar expects); after the
 * `</tool_call>` the library closes the call with, `<|im_end|>`.
 */
const NEXT: [string, string][] = [
  ['\n', '<tool_call>'],
  ['<tool_call>', '\n{"name": "'],
  ['\n{"name": "', 'read_file'],
  ['read_file', '\n'],
  ['", "arguments": ', '{"path": "'],
  ['{"path": "', 'a.js'],
  ['a.js', '"}'],
  ['"}', '\n\n\n\n'],
  ['</tool_call>', '<|im_end|>'],
  [MODEL_ANSWER, '<|im_end|>'],
];

const n = 32; // embedding width: 2 heads of 16
const ff = 16;

/**
 * A Qwen2-architecture GGUF that carries Qwen's chat template and answers deterministically.
 * Mostly a bigram model: the feed-forward block writes nothing and the output matrix maps each
 * token of the chain to its successor (every other token to `<|im_end|>`). One attention head
 * adds the one thing a bigram cannot see: from a newline it looks for a `<tool_response>`
 * anywhere before it, and when there is one the newline's successor is MODEL_ANSWER instead of
 * a call. So the model calls read_file, and answers once it has read the output. Another chat
 * template (one without tools) makes the same weights a model that cannot call functions.
 */
function buildToolCallingModel(chatTemplate = QWEN_CHAT_TEMPLATE): Buffer {
  const bytes = byteToUnicode();
  const tokens = [...bytes, ...CONTROL, ...PIECES];
  const types = tokens.map((_, i) => (i < bytes.length ? 1 : i < bytes.length + CONTROL.length ? 3 : 4));
  const id = (text: string) => {
    // A single ASCII character is its byte's token, whose index is the byte.
    const i = text.length === 1 ? text.charCodeAt(0) : tokens.indexOf(text, bytes.length);
    if (i < 0) throw new Error(`no token ${JSON.stringify(text)}`);
    return i;
  };
  const nVocab = tokens.length;
  // Dimension 0 is 1 for every token; dimension k + 1 marks the k-th chain token; then one marks
  // <tool_response> and one carries what the attention head found.
  const seen = NEXT.length + 1;
  const found = NEXT.length + 2;
  const embd = new Float32Array(n * nVocab);
  for (let t = 0; t < nVocab; t++) embd[t * n] = 1;
  embd[id('<tool_response>') * n + seen] = 1;
  const output = new Float32Array(n * nVocab);
  output[id('<|im_end|>') * n] = 1;
  NEXT.forEach(([from, to], k) => {
    embd[id(from) * n + k + 1] = 1;
    output[id(to) * n + k + 1] = 20;
  });
  output[id(MODEL_ANSWER) * n + found] = 10;
  output[id('<tool_call>') * n + found] = -10;
  return writeGguf(metadata(tokens, types, id, chatTemplate), [
    { name: 'token_embd.weight', dims: [n, nVocab], data: embd },
    ...attentionBlock(NEXT.findIndex(([from]) => from === '\n') + 1, seen, found),
    { name: 'output_norm.weight', dims: [n], data: ones(n) },
    { name: 'output.weight', dims: [n, nVocab], data: output },
  ]);
}

const zeros = (count: number) => new Float32Array(count);
const ones = (count: number) => new Float32Array(count).fill(1);

/**
 * The block: the newline's query matches the key of `<tool_response>` only, in a dimension whose
 * rotary frequency is negligible under a huge rope base (position-free), so its attention
 * falls on that token wherever it is; its value is copied to the `found` dimension. Every other
 * query attends evenly to keys with no value (no `<tool_response>`): next to nothing.
 */
function attentionBlock(newline: number, seen: number, found: number): GgufTensor[] {
  // Weight matrices are [input, output] in GGUF order: element (row out, column in) at out * n + in.
  const q = zeros(n * n);
  const k = zeros(n * n);
  const v = zeros(n * n);
  const o = zeros(n * n);
  const slot = 6; // head 0's dimension 6: under either rotary pairing its frequency is base^(-6/16) or less
  q[slot * n + newline] = 5;
  k[slot * n + seen] = 5;
  v[0 * n + seen] = 1;
  o[found * n + 0] = 1;
  return [
    { name: 'blk.0.attn_norm.weight', dims: [n], data: ones(n) },
    { name: 'blk.0.attn_q.weight', dims: [n, n], data: q },
    { name: 'blk.0.attn_q.bias', dims: [n], data: zeros(n) },
    { name: 'blk.0.attn_k.weight', dims: [n, n], data: k },
    { name: 'blk.0.attn_k.bias', dims: [n], data: zeros(n) },
    { name: 'blk.0.attn_v.weight', dims: [n, n], data: v },
    { name: 'blk.0.attn_v.bias', dims: [n], data: zeros(n) },
    { name: 'blk.0.attn_output.weight', dims: [n, n], data: o },
    { name: 'blk.0.ffn_norm.weight', dims: [n], data: ones(n) },
    { name: 'blk.0.ffn_gate.weight', dims: [n, ff], data: zeros(n * ff) },
    { name: 'blk.0.ffn_up.weight', dims: [n, ff], data: zeros(n * ff) },
    { name: 'blk.0.ffn_down.weight', dims: [ff, n], data: zeros(ff * n) },
  ];
}

function metadata(tokens: string[], types: number[], id: (text: string) => number, chatTemplate: string): Record<string, GgufValue> {
  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  return {
    'general.architecture': { type: 'string', value: 'qwen2' },
    'general.name': { type: 'string', value: 'flint-tool-calling-test' },
    'general.alignment': u32(32),
    'qwen2.context_length': u32(32768),
    'qwen2.embedding_length': u32(n),
    'qwen2.block_count': u32(1),
    'qwen2.feed_forward_length': u32(ff),
    'qwen2.attention.head_count': u32(2),
    'qwen2.attention.head_count_kv': u32(2),
    // Rotary frequencies base^(-2i/d) vanish for every dimension pair but the first.
    'qwen2.rope.freq_base': { type: 'f32', value: 1e20 },
    'qwen2.attention.layer_norm_rms_epsilon': { type: 'f32', value: 1e-6 },
    'tokenizer.ggml.model': { type: 'string', value: 'gpt2' },
    'tokenizer.ggml.pre': { type: 'string', value: 'qwen2' },
    'tokenizer.ggml.tokens': { type: 'string[]', value: tokens },
    'tokenizer.ggml.token_type': { type: 'i32[]', value: types },
    'tokenizer.ggml.merges': { type: 'string[]', value: [] },
    'tokenizer.ggml.bos_token_id': u32(id('<|endoftext|>')),
    'tokenizer.ggml.eos_token_id': u32(id('<|im_end|>')),
    'tokenizer.ggml.padding_token_id': u32(id('<|endoftext|>')),
    'tokenizer.ggml.add_bos_token': { type: 'bool', value: false },
    'tokenizer.chat_template': { type: 'string', value: chatTemplate },
  };
}

/** The local endpoint's llama engine serving that model (`chatTemplate` as above), written to `modelPath`, unpaced. */
export function startToolCallingEndpoint(modelPath: string, chatTemplate = QWEN_CHAT_TEMPLATE): Promise<EndpointHandle> {
  writeFileSync(modelPath, buildToolCallingModel(chatTemplate));
  return startEndpoint({ engine: 'llama', modelPath, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
}
