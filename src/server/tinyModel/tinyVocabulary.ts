// A byte-level (GPT-2 style) vocabulary: 256 byte tokens, some whole words so generated text
// reads like code, and the special tokens. No merges: prompts tokenize byte by byte.

const WORDS = (
  'the a to of and in is it for on with as be this that by from at or not are an but if else return ' +
  'function const let var new class import export default async await while true false null this ' +
  'type interface string number value result data item items list index count error name text line ' +
  'code file model token stream fast edit chat user input output request response string map set get'
).split(' ');
const SYMBOLS = ['()', '{}', '[]', ' =', ' ==', ' ===', ' =>', ');', '};', '  ', '    ', '\n\n', '//', ' +', ' -', ' *'];

export const SPECIAL_TOKENS = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>'] as const;

/** GPT-2's reversible byte -> printable character mapping. */
export function byteToUnicode(): string[] {
  const direct = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  const out: string[] = [];
  let extra = 0;
  for (let b = 0; b < 256; b++) out[b] = String.fromCodePoint(direct(b) ? b : 256 + extra++);
  return out;
}

export interface TinyVocabulary {
  tokens: string[];
  /** 1 = normal, 3 = control (llama.cpp token types). */
  types: number[];
  eos: number;
  fim: { prefix: number; suffix: number; middle: number };
  /** Tokens the weights must never pick: specials and bytes that are not printable ASCII. */
  suppressed: number[];
}

export function tinyVocabulary(): TinyVocabulary {
  const map = byteToUnicode();
  const encode = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => map[b]).join('');
  const tokens = [...map];
  const seen = new Set(tokens);
  for (const word of [...WORDS.map((w) => ` ${w}`), ...WORDS, ...SYMBOLS]) {
    const t = encode(word);
    if (!seen.has(t)) {
      seen.add(t);
      tokens.push(t);
    }
  }
  const firstSpecial = tokens.length;
  tokens.push(...SPECIAL_TOKENS);
  const types = tokens.map((_, i) => (i >= firstSpecial ? 3 : 1));
  const printable = (b: number) => b === 10 || (b >= 32 && b < 127);
  const suppressed = tokens.map((_, i) => i).filter((i) => (i < 256 && !printable(i)) || i >= firstSpecial);
  return {
    tokens,
    types,
    eos: firstSpecial,
    fim: { prefix: firstSpecial + 1, suffix: firstSpecial + 2, middle: firstSpecial + 3 },
    suppressed,
  };
}
