import { DIALECT_NAMES, type Dialect, type DialectName } from './dialect';
import { flintDialect } from './flintDialect';
import { llamaCppDialect } from './llamaCppDialect';
import { ollamaDialect } from './ollamaDialect';
import { vllmDialect } from './vllmDialect';

const DIALECTS: Record<DialectName, Dialect> = { flint: flintDialect, 'llama.cpp': llamaCppDialect, vllm: vllmDialect, ollama: ollamaDialect };

export function isDialectName(name: string): name is DialectName {
  return (DIALECT_NAMES as readonly string[]).includes(name);
}

export function dialectNamed(name: DialectName): Dialect {
  return DIALECTS[name];
}
