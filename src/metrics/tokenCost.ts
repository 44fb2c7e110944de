import type { Config } from '../config/config';

/** Prices per million tokens (`flint.cost.*`); unset ones are undefined. */
export interface TokenPrices {
  inputPerMillion?: number;
  /** Cached input; the input price when not set. */
  cachedInputPerMillion?: number;
  outputPerMillion?: number;
}

export interface TokenCounts {
  requests: number;
  /** Input tokens, cached ones included. */
  input: number;
  cachedInput: number;
  output: number;
  /** Of `input`, the tokens estimated from the request's size (the server reported no usage). */
  estimatedInput: number;
}

export const NO_TOKENS: TokenCounts = { requests: 0, input: 0, cachedInput: 0, output: 0, estimatedInput: 0 };

export function addCounts(a: TokenCounts, b: TokenCounts): TokenCounts {
  return {
    requests: a.requests + b.requests,
    input: a.input + b.input,
    cachedInput: a.cachedInput + b.cachedInput,
    output: a.output + b.output,
    estimatedInput: a.estimatedInput + b.estimatedInput,
  };
}

/**
 * The estimated cost of `t` in the prices' currency, or undefined unless both the input and the
 * output price are set (half a price would read as the whole). Cached input is billed at its
 * own price when one is set.
 */
export function estimateCost(t: TokenCounts, prices: TokenPrices): number | undefined {
  const { inputPerMillion: input, outputPerMillion: output } = prices;
  if (input === undefined || output === undefined) return undefined;
  const cached = Math.min(t.cachedInput, t.input);
  const cachedPrice = prices.cachedInputPerMillion ?? input;
  return ((t.input - cached) * input + cached * cachedPrice + t.output * output) / 1_000_000;
}

/** The `flint.cost.*` prices, the unset ones left out. */
export function tokenPrices(c: Config): TokenPrices {
  const prices: TokenPrices = {};
  if (c['cost.inputPerMillion'] !== null) prices.inputPerMillion = c['cost.inputPerMillion'];
  if (c['cost.cachedInputPerMillion'] !== null) prices.cachedInputPerMillion = c['cost.cachedInputPerMillion'];
  if (c['cost.outputPerMillion'] !== null) prices.outputPerMillion = c['cost.outputPerMillion'];
  return prices;
}
