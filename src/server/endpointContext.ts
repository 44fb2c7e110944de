import type { Dialect } from './dialect/dialect';
import type { Engine } from './engine/engine';
import type { Faults } from './faults/faults';
import type { RequestRecords } from './generation/requestRecords';
import type { Knobs } from './knobs';
import type { RequestGuard } from './requestGuard';
import type { ResponseStore } from './responses/responseStore';
import type { ServedModels } from './servedModels';

/** The services one running endpoint shares between its WebSocket and HTTP handlers. */
export interface EndpointContext {
  engine: Engine;
  models: ServedModels;
  /** How the endpoint speaks: its own way, or as llama.cpp, vLLM or Ollama do. */
  dialect: Dialect;
  /** Prompt tokens a request may hold (the dialects check it; the endpoint's own way does not). */
  contextTokens: number;
  knobs: Knobs;
  faults: Faults;
  store: ResponseStore;
  /** The latest text generations' figures (prompt tokens cached, speed), for GET /__admin/requests. */
  requests: RequestRecords;
  /** false: one response at a time per socket and no `stream_id` (older deployments). */
  lanes: boolean;
  /** Frames larger than this get an error event (the socket stays open). */
  maxFrameBytes: number;
  /** A request body slower than this gets a 408. */
  bodyTimeoutMs: number;
  /** Host and Origin checks: no web page may drive the endpoint. */
  guard: RequestGuard;
  /** Token the test controls under /__admin/ require; undefined: they are not served. */
  adminToken?: string;
  log(message: string): void;
}
