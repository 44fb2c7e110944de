export interface Target {
  figure: string;
  op: '<=' | '>=' | '=' | '<' | '>';
  value?: number;
  ref?: string;
  note?: string;
  /** What would make it miss: the fault in the product (or the run) it catches. */
  fails: string;
  /** The percentile the figure is, when its name does not say (0: not a percentile). */
  percentile?: number;
  /** The sample count it needs, when not the default for its percentile. */
  minN?: number;
  /** A ratio or difference: judged on its interval's far end. */
  interval?: boolean;
  /** An interval wholly below this is a measurement fault. */
  faultBelow?: number;
}

export interface Verdict {
  result: 'pass' | 'miss' | 'missing';
  why?: string;
  n?: number;
  ci?: [number, number];
}

/** Benches that run side by side with another build (--against=<ref>). */
export const comparable: string[];
export const benches: string[];
export const targets: Record<string, Target[]>;
/** What the rules read of a target. */
export type TargetRule = Omit<Target, 'fails'>;
export function percentileOf(target: TargetRule): number | undefined;
export function minSamples(target: TargetRule): number;
export function evaluate(target: TargetRule, figs: Record<string, number>, intervals?: Record<string, (number | null)[]>): Verdict;
