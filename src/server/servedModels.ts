import type { Knobs } from './knobs';

export interface ServedModel {
  name: string;
  tier: 'fast' | 'full';
}

export interface Pacing {
  firstTokenDelayMs: number;
  tokensPerSecond: number;
}

/** The two model names the endpoint answers to; the full one is paced slower. */
export class ServedModels {
  readonly fast: ServedModel;
  readonly full: ServedModel;

  constructor(fastName: string, fullName: string) {
    this.fast = { name: fastName, tier: 'fast' };
    this.full = { name: fullName, tier: 'full' };
  }

  get names(): string[] {
    return [this.fast.name, this.full.name];
  }

  /** The model for a requested name; the fast one when none is given, undefined when unknown. */
  resolve(name: string | undefined): ServedModel | undefined {
    if (name === undefined || name === '' || name === this.fast.name) return this.fast;
    if (name === this.full.name) return this.full;
    return undefined;
  }

  pacing(model: ServedModel, knobs: Knobs): Pacing {
    return model.tier === 'fast'
      ? { firstTokenDelayMs: knobs.firstTokenDelayMs, tokensPerSecond: knobs.tokensPerSecond }
      : { firstTokenDelayMs: knobs.firstTokenDelayMs + knobs.fullDelayMs, tokensPerSecond: knobs.fullTokensPerSecond };
  }
}
