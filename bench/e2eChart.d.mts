export interface ChartBar { label: string; kind: 'floor' | 'flint'; ms: number; ci: number[] | null; n: number | null }
export function chartBars(e2e: Record<string, unknown>): { title: string; bars: ChartBar[] }[];
export function e2eChartSvg(e2e: Record<string, unknown>): string;
