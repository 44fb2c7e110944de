export const START: string;
export const END: string;
export const CHART_SVG: string;
export const CHART_PNG: string;
export function headlineSection(resultsByBench: Record<string, unknown>): string;
export function replaceSection(readme: string, section: string): string;
export function writeReadmeFigures(root: string, options?: { png?: boolean }): Promise<string[]>;
