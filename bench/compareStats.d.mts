export type Build = 'before' | 'after';
export const BUILDS: Build[];
/** Which build takes each of `rounds` turns first, in balanced orders. */
export function compareTurns(rounds: number): Build[][];
type Figures = Record<string, number | null | [number, number] | undefined>;
/** `figure` of each build's sample sets and after minus before, with bootstrap intervals. */
export function sideBySide<T>(name: string, before: readonly (readonly T[])[], after: readonly (readonly T[])[], figure: (...sets: T[][]) => number, options?: { digits?: number }): Figures;
/** As sideBySide, the i-th samples of both builds paired (resampled together). */
export function pairedSideBySide<T>(name: string, before: readonly T[], after: readonly T[], figure: (set: T[]) => number, options?: { digits?: number }): Figures;
/** The p-th percentile of each build's samples and after minus before. */
export function percentileSideBySide(name: string, before: readonly (number | null)[], after: readonly (number | null)[], p?: number, options?: { digits?: number; missingAs?: number }): Figures;
/** The share of 1s of each build's 0/1 samples and after minus before. */
export function shareSideBySide(name: string, before: readonly number[], after: readonly number[], options?: { digits?: number }): Figures;
/** The mean of each build's samples and after minus before. */
export function meanSideBySide(name: string, before: readonly number[], after: readonly number[], options?: { digits?: number }): Figures;
/** One console line per compared figure. */
export function sideBySideLines(results: Record<string, unknown>): string[];
