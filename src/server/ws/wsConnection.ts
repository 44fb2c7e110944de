import type { RawData, WebSocket } from 'ws';
import { ApiError, rateLimitError } from '../apiError';
import type { EndpointContext } from '../endpointContext';
import { EventWriter, responsesFraming } from '../responses/eventWriter';
import type { EventSink } from '../responses/eventSink';
import { buildResponseJob, storedFrom } from '../responses/buildResponseJob';
import { inputMessages, type ResponseRequest } from '../responses/responseRequest';
import { ResponseRun } from '../responses/responseRun';
import { ResponseStore } from '../responses/responseStore';
import { parseClientEvent, STREAM_ID, type CreateEvent, type SteerEvent } from './clientEvents';
import { LaneScheduler } from './laneScheduler';
import { wsSink } from './wsSink';

const MAX_IN_FLIGHT = 16;
const MAX_NAMED_LANES = 32;
// Queued plus running responses per socket, so one client cannot grow memory without bound.
const MAX_PENDING = 256;

/** One Responses API WebSocket: lanes, queueing, steering and per-socket state. */
export class WsConnection {
  private readonly sink: EventSink;
  private readonly scheduler: LaneScheduler;
  /** `store: false` responses live only as long as this socket. */
  private readonly local = new ResponseStore(200, 8 * 1024 * 1024);
  private readonly laneNames = new Set<string>();
  private readonly running = new Map<string, ResponseRun>();
  private readonly laneRunning = new Map<string, ResponseRun>();
  /** Steer input waiting for a steered response's successor, by steered response id. */
  private readonly successors = new Map<string, SteerEvent['input'][]>();
  private seq = 0;
  private pending = 0;
  private limitTimer?: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: EndpointContext,
  ) {
    this.sink = wsSink(ws);
    this.scheduler = new LaneScheduler(ctx.lanes ? MAX_IN_FLIGHT : 1);
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', (err) => ctx.log(`websocket error: ${err.message}`));
    const limit = ctx.faults.take('connectionLimit');
    if (limit) this.limitTimer = setTimeout(() => this.expire(), limit.afterMs);
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    let streamId: string | undefined;
    try {
      if (bytes.length > this.ctx.maxFrameBytes) {
        throw new ApiError(413, 'payload_too_large', `Event of ${bytes.length} bytes exceeds the ${this.ctx.maxFrameBytes}-byte limit.`);
      }
      if (isBinary) throw new ApiError(400, 'invalid_event', 'Binary frames are not supported; send JSON text frames.');
      const data = parseJson(bytes.toString('utf8'));
      const id = (data as { stream_id?: unknown } | null)?.stream_id;
      if (typeof id === 'string') streamId = id;
      const event = parseClientEvent(data);
      if (event.type === 'response.create') this.create(event);
      else this.steer(event);
    } catch (err) {
      const apiError = err instanceof ApiError ? err : new ApiError(500, 'server_error', (err as Error).message);
      this.sendEvent(apiError.event(streamId));
    }
  }

  private create(event: CreateEvent): void {
    const streamId = event.stream_id;
    if (streamId !== undefined) this.checkLane(streamId);
    const limited = this.ctx.faults.take('rateLimit');
    if (limited) throw rateLimitError(limited.retryAfterSeconds);
    if (this.pending >= MAX_PENDING) {
      throw new ApiError(429, 'too_many_pending_responses', `More than ${MAX_PENDING} responses are queued on this connection.`);
    }
    this.enqueue(streamId ?? '', event, event.generate !== false, false);
  }

  private checkLane(streamId: string): void {
    if (!this.ctx.lanes) throw new ApiError(400, 'unknown_parameter', "Unknown parameter: 'stream_id'.", 'stream_id');
    if (!STREAM_ID.test(streamId)) {
      throw new ApiError(400, 'invalid_stream_id', 'stream_id must be 1-256 characters of A-Z a-z 0-9 _ . -', 'stream_id');
    }
    if (!this.laneNames.has(streamId) && this.laneNames.size >= MAX_NAMED_LANES) {
      throw new ApiError(
        400,
        'websocket_stream_limit_reached',
        `This connection already uses ${MAX_NAMED_LANES} streams; reuse one or open another connection.`,
        'stream_id',
      );
    }
    this.laneNames.add(streamId);
  }

  /**
   * Queues a response on its lane. The job is resolved when the lane reaches it, so a request
   * may name the still-running response before it as `previous_response_id`.
   */
  private enqueue(lane: string, req: ResponseRequest | (() => ResponseRequest), generate: boolean, front: boolean): void {
    const streamId = lane === '' ? undefined : lane;
    let prepared: ResponseRun | ApiError | undefined;
    const prepare = (): ResponseRun | ApiError => {
      if (prepared) return prepared;
      try {
        const request = typeof req === 'function' ? req() : req;
        const job = buildResponseJob(request, { models: this.ctx.models, lookup: (id) => this.lookup(id), toolsUnsupported: this.ctx.engine.toolsUnsupported }, { generate, streamId });
        const faults = this.ctx.faults.armResponse(job.generate);
        const deps = {
          engine: this.ctx.engine,
          pacing: this.ctx.models.pacing(job.model, this.ctx.knobs),
          maxTokens: this.ctx.knobs.maxTokens,
          faults,
          ...(this.ctx.engine.facts && { contextTokens: this.ctx.contextTokens }),
        };
        prepared = new ResponseRun(job, deps, new EventWriter(this.sink, faults, responsesFraming(streamId)));
      } catch (err) {
        prepared = err instanceof ApiError ? err : new ApiError(500, 'server_error', (err as Error).message);
      }
      return prepared;
    };
    this.pending++;
    this.scheduler.submit(
      lane,
      {
        start: async () => {
          try {
            const run = prepare();
            if (run instanceof ApiError) this.sendEvent(run.event(streamId));
            else await this.execute(run, lane);
          } finally {
            this.pending--;
          }
        },
        queued: () => {
          const run = prepare();
          if (!(run instanceof ApiError)) void run.announceQueued();
        },
        dropped: () => void this.pending--,
      },
      front,
    );
  }

  private async execute(run: ResponseRun, lane: string): Promise<void> {
    this.running.set(run.id, run);
    this.laneRunning.set(lane, run);
    const outcome = await run.run();
    this.running.delete(run.id);
    this.laneRunning.delete(lane);
    if (outcome.status === 'completed' || outcome.status === 'incomplete') {
      (run.job.shape.store ? this.ctx.store : this.local).put(storedFrom(run.job, outcome.text, outcome.calls));
    }
  }

  private lookup(id: string) {
    return this.local.get(id) ?? this.ctx.store.get(id);
  }

  private steer(event: SteerEvent): void {
    const targetId = event.response_id ?? event.previous_response_id;
    const run = targetId ? this.running.get(targetId) : this.laneRunning.get(event.stream_id ?? '');
    if (inputMessages(event.input).some((m) => m.role !== 'user' || m.outputOf !== undefined)) {
      throw new ApiError(400, 'invalid_value', 'response.steer takes user messages only.', 'input');
    }
    const lane = run?.job.streamId;
    if (!run) {
      const message = targetId ? `Response '${targetId}' is not running.` : 'No response is running on this stream.';
      const error = { type: 'invalid_request_error', code: 'response_not_active', message, param: null };
      this.sendEvent({ type: 'response.steer.failed', response_id: targetId ?? null, ...streamField(event.stream_id), error });
      return;
    }
    this.sendEvent({ type: 'response.steer.accepted', response_id: run.id, ...streamField(lane) });
    const pending = this.successors.get(run.id);
    if (pending) return void pending.push(event.input);
    const inputs = [event.input];
    this.successors.set(run.id, inputs);
    run.steer();
    const { shape, model } = run.job;
    this.enqueue(
      lane ?? '',
      () => {
        this.successors.delete(run.id);
        return {
          model: model.name,
          previous_response_id: shape.id,
          input: inputs.flatMap((i) => inputMessages(i)).map((m) => ({ role: m.role, content: m.content })),
          max_output_tokens: shape.maxOutputTokens,
          temperature: shape.temperature,
          store: shape.store,
          metadata: shape.metadata,
        };
      },
      true,
      true,
    );
  }

  private sendEvent(event: Record<string, unknown>): void {
    void this.sink.write(String(event.type), JSON.stringify({ ...event, sequence_number: this.seq++ }));
  }

  private expire(): void {
    this.sendEvent(
      new ApiError(
        400,
        'websocket_connection_limit_reached',
        'Responses websocket connection limit reached. Create a new websocket connection to continue.',
      ).event(),
    );
    this.ws.close(1000, 'connection limit reached');
  }

  private onClose(): void {
    clearTimeout(this.limitTimer);
    this.scheduler.close();
    for (const run of this.running.values()) run.abandon();
  }
}

function streamField(streamId: string | undefined): { stream_id?: string } {
  return streamId === undefined ? {} : { stream_id: streamId };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The event is not valid JSON.');
  }
}
