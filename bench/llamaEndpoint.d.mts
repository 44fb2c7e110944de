import type { ChildProcess } from 'node:child_process';

/** One generation as the endpoint measured it (GET /__admin/requests). */
export interface EndpointRecord {
  route: string;
  promptTokens: number;
  cachedTokens: number;
  outputTokens: number;
  firstTokenMs: number;
  elapsedMs: number;
  tokensPerSecond?: number;
  abandoned: boolean;
  done: boolean;
}

export interface LlamaEndpoint {
  origin: string;
  url: string;
  takeRequests(): Promise<EndpointRecord[]>;
  stop(): void;
}

export function startLlamaEndpoint(model: string, options?: { threads?: number; running?: Set<ChildProcess> }): Promise<LlamaEndpoint>;
