export function figures(obj: unknown, prefix?: string): Record<string, number>;
export function intervals(obj: unknown, prefix?: string): Record<string, (number | null)[]>;
export function writeSummary(options: {
  root: string;
  runs?: Record<string, { status: 'ok' | 'failed' | 'missing'; detail?: string; seconds?: number }>;
  now?: Date;
}): { markdown: string; misses: number };
