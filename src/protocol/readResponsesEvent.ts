import type { z } from 'zod';
import { retryAfterMs } from './retryAfter';
import {
  errorEventSchema,
  functionCallDoneSchema,
  lifecycleSchema,
  steerAnswerSchema,
  terminalSchema,
  type ResponseRef,
} from './responsesSchemas';

export interface ResponseEnd {
  status: 'completed' | 'incomplete' | 'failed';
  responseId: string;
  /** Usage reported by the server, when present. */
  outputTokens?: number;
  inputTokens?: number;
  cachedInputTokens?: number;
  /** `incomplete_details.reason` (e.g. `max_output_tokens`, `steered`). */
  reason?: string;
  /** `response.error` of a failed response. */
  errorCode?: string;
  errorMessage?: string;
}

export interface ServerError {
  status?: number;
  code?: string;
  type?: string;
  /** The request field the error is about (e.g. `stream_id`). */
  param?: string;
  message: string;
  retryAfterMs?: number;
}

export type SteerResult = 'accepted' | 'pending' | 'failed';

/** A function the model called, complete (its `response.output_item.done`). */
export interface FunctionCallItem {
  callId: string;
  name: string;
  /** JSON text as the model wrote it (parsing it is the caller's business). */
  arguments: string;
}

/**
 * Receives the events of one frame. A visitor rather than a returned object so that the hot
 * path (a text delta) allocates nothing beyond the parsed frame itself.
 */
export interface ResponsesEventSink {
  delta(text: string, streamId: string | undefined): void;
  created(responseId: string, streamId: string | undefined): void;
  end(end: ResponseEnd, streamId: string | undefined): void;
  steer(result: SteerResult, streamId: string | undefined, responseId: string | undefined): void;
  error(error: ServerError, streamId: string | undefined): void;
  /** A function call item is complete (function calling). */
  functionCall?(call: FunctionCallItem, streamId: string | undefined): void;
  /** A piece of a function call's arguments arrived: the response is alive though no text flows. */
  argumentsDelta?(streamId: string | undefined): void;
  /** The frame is not a valid event; `streamId` when it could still be read, `sample` its start (for the log). */
  malformed(reason: string, streamId: string | undefined, sample?: string): void;
}

const DELTA = 'response.output_text.delta';

/** Dispatches one already-parsed event; unknown types are ignored. */
export function readResponsesEvent(obj: unknown, sink: ResponsesEventSink): void {
  if (typeof obj !== 'object' || obj === null) {
    sink.malformed('event is not a JSON object', undefined);
    return;
  }
  const ev = obj as { type?: unknown; delta?: unknown; stream_id?: unknown };
  // Hot path, equivalent to textDeltaSchema without copying the event.
  if (ev.type === DELTA) {
    const sid = ev.stream_id;
    if (typeof ev.delta === 'string' && (sid == null || typeof sid === 'string')) sink.delta(ev.delta, sid ?? undefined);
    else sink.malformed(`${DELTA} without a string delta`, typeof sid === 'string' ? sid : undefined);
    return;
  }
  switch (ev.type) {
    case 'response.created': {
      // Once per request, ahead of its first delta: a plainly valid event skips the schema.
      const e = plainLifecycle(obj) ?? check(lifecycleSchema, obj, sink);
      if (e) sink.created(e.response.id, e.stream_id ?? undefined);
      return;
    }
    case 'response.completed':
    case 'response.incomplete':
    case 'response.failed': {
      const e = plainLifecycle(obj) ?? check(terminalSchema, obj, sink);
      if (e) sink.end(toEnd(ev.type, e.response), e.stream_id ?? undefined);
      return;
    }
    case 'response.steer.accepted':
    case 'response.steer.pending':
    case 'response.steer.failed': {
      const e = check(steerAnswerSchema, obj, sink);
      if (e) sink.steer(e.type.slice('response.steer.'.length) as SteerResult, e.stream_id ?? undefined, e.response_id ?? e.previous_response_id ?? undefined);
      return;
    }
    case 'response.function_call_arguments.delta':
      sink.argumentsDelta?.(streamIdOf(ev));
      return;
    case 'response.output_item.done': {
      // Message items are read from their deltas; only a function call item matters here.
      const item = (obj as { item?: { type?: unknown } }).item;
      if (item?.type !== 'function_call') return;
      const e = check(functionCallDoneSchema, obj, sink);
      if (e) sink.functionCall?.({ callId: e.item.call_id, name: e.item.name, arguments: e.item.arguments }, e.stream_id ?? undefined);
      return;
    }
    case 'error': {
      const e = check(errorEventSchema, obj, sink);
      if (e) sink.error(toServerError(e), e.stream_id ?? undefined);
      return;
    }
    default:
      if (typeof ev.type !== 'string') sink.malformed('event without a type', streamIdOf(ev));
  }
}

/**
 * A lifecycle or terminal event read without the schema when every field the schema declares
 * plainly fits it (strings, a non-negative integer count); anything else, valid or not, goes
 * through the schema, which alone decides and names what is wrong. The schema costs a large
 * share of a request's client-side time, and `response.created` precedes the first token.
 */
function plainLifecycle(obj: object): { response: ResponseRef; stream_id?: string | null } | undefined {
  const ev = obj as { response?: unknown; stream_id?: unknown };
  if (!nullishString(ev.stream_id)) return undefined;
  const r = ev.response as Record<string, unknown> | null | undefined;
  if (!isPlainObject(r) || typeof r.id !== 'string' || (r.status !== undefined && typeof r.status !== 'string')) return undefined;
  const usage = r.usage as Record<string, unknown> | null | undefined;
  if (usage != null) {
    if (!isPlainObject(usage)) return undefined;
    const count = (n: unknown) => n === undefined || (Number.isSafeInteger(n) && (n as number) >= 0);
    if (!count(usage.output_tokens) || !count(usage.input_tokens)) return undefined;
    const details = usage.input_tokens_details as Record<string, unknown> | null | undefined;
    if (details != null && !(isPlainObject(details) && count(details.cached_tokens))) return undefined;
  }
  const details = r.incomplete_details as Record<string, unknown> | null | undefined;
  if (details != null && !(isPlainObject(details) && nullishString(details.reason))) return undefined;
  const error = r.error as Record<string, unknown> | null | undefined;
  if (error != null && !(isPlainObject(error) && nullishString(error.code) && nullishString(error.message))) return undefined;
  return ev as { response: ResponseRef; stream_id?: string | null };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function nullishString(v: unknown): boolean {
  return v == null || typeof v === 'string';
}

function check<S extends z.ZodType>(schema: S, obj: unknown, sink: ResponsesEventSink): z.infer<S> | undefined {
  const r = schema.safeParse(obj);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const type = String((obj as { type?: unknown }).type);
  sink.malformed(`${type}: ${issue.path.join('.') || '(root)'} ${issue.message}`, streamIdOf(obj as { stream_id?: unknown }));
  return undefined;
}

function toEnd(type: 'response.completed' | 'response.incomplete' | 'response.failed', r: ResponseRef): ResponseEnd {
  const end: ResponseEnd = { status: type === 'response.completed' ? 'completed' : type === 'response.incomplete' ? 'incomplete' : 'failed', responseId: r.id };
  if (typeof r.usage?.output_tokens === 'number') end.outputTokens = r.usage.output_tokens;
  if (typeof r.usage?.input_tokens === 'number') end.inputTokens = r.usage.input_tokens;
  if (typeof r.usage?.input_tokens_details?.cached_tokens === 'number') end.cachedInputTokens = r.usage.input_tokens_details.cached_tokens;
  if (r.incomplete_details?.reason) end.reason = r.incomplete_details.reason;
  if (r.error?.code) end.errorCode = r.error.code;
  if (r.error?.message) end.errorMessage = r.error.message;
  return end;
}

function toServerError(e: z.infer<typeof errorEventSchema>): ServerError {
  const inner = e.error ?? undefined;
  const out: ServerError = { message: inner?.message ?? e.message ?? 'The server reported an error without a message.' };
  const code = inner?.code ?? e.code;
  if (code) out.code = code;
  if (inner?.type) out.type = inner.type;
  if (inner?.param) out.param = inner.param;
  if (e.status !== undefined) out.status = e.status;
  const headers = inner?.headers;
  if (headers) {
    const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const ms = retryAfterMs((name) => lower.get(name));
    if (ms !== undefined) out.retryAfterMs = ms;
  }
  return out;
}

function streamIdOf(ev: { stream_id?: unknown }): string | undefined {
  return typeof ev.stream_id === 'string' ? ev.stream_id : undefined;
}
