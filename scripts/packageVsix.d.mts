export const REPOSITORY: string;
export function vsceArgs(out: string): string[];
export function packageVsix(options?: { root?: string; out?: string; quiet?: boolean }): Promise<{ path: string; bytes: number }>;
