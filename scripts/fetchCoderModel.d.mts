export const DEFAULT_URL: string;
export const DEFAULT_SHA256: string;
export function fetchCoderModel(options: {
  cache: string;
  env?: Record<string, string | undefined>;
  say: (line: string) => void;
  progressTo?: NodeJS.WritableStream & { isTTY?: boolean };
  retryDelayMs?: number;
}): Promise<string | null>;
