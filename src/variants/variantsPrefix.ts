import { clampVariantCount } from './variantApproaches';

const PREFIX = /^\/variants(?:\s+(\d+))?(?:\s+|$)/i;

/**
 * `/variants N rest` typed in the inline-edit instruction box: explore N variants of `rest`
 * (the configured count when N is left out). Undefined when the text has no such prefix.
 */
export function parseVariantsPrefix(text: string, defaultCount: number): { count: number; instruction: string } | undefined {
  const trimmed = text.trimStart();
  const m = PREFIX.exec(trimmed);
  if (!m) return undefined;
  const count = clampVariantCount(m[1] === undefined ? defaultCount : Number(m[1]));
  return { count, instruction: trimmed.slice(m[0].length).trim() };
}
