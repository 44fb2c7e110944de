import { temperatureSpread } from '../transport/temperatureSpread';

/**
 * What pushes variants apart. Every endpoint takes a distinct short approach in the prompt;
 * a spread of sampling temperatures is added where the endpoint accepts one.
 */
export interface VariantApproach {
  /** Shown on the card. */
  label: string;
  /** Added to the instruction of this variant. */
  hint: string;
}

export const APPROACHES: readonly VariantApproach[] = [
  { label: 'direct', hint: 'do exactly what is asked, the most straightforward way' },
  { label: 'concise', hint: 'make it as short as it can be while staying clear' },
  { label: 'readable', hint: 'favour readability: clear names, simple steps, a short comment where it helps' },
  { label: 'fast', hint: 'favour performance: avoid needless work and allocations' },
  { label: 'defensive', hint: 'handle bad input and edge cases explicitly' },
  { label: 'idiomatic', hint: "use the language's most idiomatic constructs and standard library" },
  { label: 'minimal change', hint: 'change as few lines as possible' },
  { label: 'functional', hint: 'prefer pure functions and expressions over mutation' },
];

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = APPROACHES.length;

/** One variant to request: its approach and the temperature to ask for. */
export interface VariantPlan {
  index: number;
  approach: VariantApproach;
  temperature: number;
}

/** A count from a setting or a prefix, as a whole number within 2–8. */
export function clampVariantCount(n: number): number {
  if (!Number.isFinite(n)) return 5;
  return Math.max(MIN_VARIANTS, Math.min(MAX_VARIANTS, Math.round(n)));
}

/** `count` variants, each with its own approach and a temperature spread over 0.2–1.0. */
export function variantPlan(count: number): VariantPlan[] {
  const n = clampVariantCount(count);
  const temperatures = temperatureSpread(n);
  return Array.from({ length: n }, (_, index) => ({ index, approach: APPROACHES[index], temperature: temperatures[index] }));
}

/** The instruction one variant is given. */
export function variantInstruction(instruction: string, approach: VariantApproach): string {
  return `${instruction}\nApproach for this version: ${approach.label}: ${approach.hint}.`;
}
