import type { Config } from '../config/config';
import type { CompletionApi } from './completionPrompt';
import type { FimTemplateName } from './fimTemplates';

/** The settings the engine reads on every request (so changes apply at once). */
export interface CompletionSettings {
  api: CompletionApi;
  fimTemplate: FimTemplateName;
  maxLines: number;
  tokenBudget: number;
  /** null: adaptive. */
  debounceMs: number | null;
  /** `flint.completions.eagerness`: ask on every key, adaptively, or only after a pause. */
  eagerness?: Eagerness;
}

export type Eagerness = 'eager' | 'normal' | 'subtle';

export function completionSettings(config: Config): CompletionSettings {
  return {
    api: config['completions.api'],
    fimTemplate: config['completions.fimTemplate'],
    maxLines: config['completions.maxLines'],
    tokenBudget: config['context.tokenBudget'],
    debounceMs: config['completions.debounceMs'],
    eagerness: config['completions.eagerness'],
  };
}

/** Whether ghost text is on for a language: its own entry, else `*`, else on. */
export function enabledForLanguage(enable: Readonly<Record<string, boolean>>, languageId: string): boolean {
  return enable[languageId] ?? enable['*'] ?? true;
}
