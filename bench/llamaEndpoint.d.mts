import type { ChildProcess } from 'node:child_process';
import type { RequestRecord } from '../src/server/generation/requestRecords';

/** One generation as the endpoint measured it (GET /__admin/requests). */
export type EndpointRecord = RequestRecord;

export interface LlamaEndpoint {
  origin: string;
  url: string;
  takeRequests(): Promise<EndpointRecord[]>;
  stop(): void;
}

export function startLlamaEndpoint(model: string, options?: { threads?: number; running?: Set<ChildProcess> }): Promise<LlamaEndpoint>;
