import type { TaskEvent } from './taskRunner';
import type { TaskLogEntry, TaskRecord, TaskUsage } from './taskTypes';

/** Most log entries a task keeps (the oldest go first); a runaway loop must not fill the memory or the disk. */
export const MAX_LOG_ENTRIES = 2_000;
/** Most characters of one tool result kept in the log (the model got the whole capped output). */
export const MAX_LOGGED_RESULT = 4_000;

const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n)}\n… ${s.length - n} more characters`);

/** Adds an entry, joining consecutive text and dropping the oldest past the cap. */
export function appendLog(record: TaskRecord, entry: TaskLogEntry): void {
  const last = record.log[record.log.length - 1];
  if (entry.kind === 'text' && last?.kind === 'text') last.text += entry.text;
  else record.log.push(entry);
  if (record.log.length > MAX_LOG_ENTRIES) record.log.splice(0, record.log.length - MAX_LOG_ENTRIES);
}

/** Folds one of the agent's events into the record (log and figures); the end events are the manager's. */
export function applyEvent(record: TaskRecord, event: TaskEvent, at: number): void {
  switch (event.type) {
    case 'text':
      appendLog(record, { kind: 'text', at, text: event.text });
      return;
    case 'plan':
      appendLog(record, { kind: 'plan', at, text: event.text });
      return;
    case 'tool':
      appendLog(record, { kind: 'tool', at, name: event.name, args: clip(event.args, MAX_LOGGED_RESULT), durationMs: event.durationMs, result: clip(event.result, MAX_LOGGED_RESULT), ...(event.error && { error: true }) });
      return;
    case 'turn':
      record.usage = withTurn(record.usage, event, event.cut ? 0 : 1);
      record.conversation = event.conversation;
      return;
    default:
      return;
  }
}

/** `usage` with a turn's tokens and cost added; `turns` is 1 for a completed turn, 0 for one a Stop or Redirect cut. */
export function withTurn(usage: TaskUsage, turn: Extract<TaskEvent, { type: 'turn' }>, turns: 0 | 1): TaskUsage {
  return {
    turns: usage.turns + turns,
    inputTokens: usage.inputTokens + turn.inputTokens,
    outputTokens: usage.outputTokens + turn.outputTokens,
    cost: turn.cost === undefined ? usage.cost : (usage.cost ?? 0) + turn.cost,
  };
}

/**
 * The log as text, for the log view: one block per entry. `toolBlocks` keeps the tool entries'
 * blocks between calls (entries never change once logged, but only the last text grows): a view
 * redrawing a long log while it streams formats each tool result once, not at every redraw.
 */
export function formatLog(record: TaskRecord, toolBlocks?: WeakMap<TaskLogEntry, string>): string {
  const t0 = record.createdAt;
  const stamp = (at: number) => `[${((at - t0) / 1000).toFixed(1)} s]`;
  const lines = [`# ${record.instruction}`, `${record.folder}`, ''];
  for (const e of record.log) {
    if (e.kind === 'text') lines.push(e.text.trimEnd(), '');
    else if (e.kind === 'plan') lines.push(`${stamp(e.at)} plan`, e.text.trimEnd(), '');
    else if (e.kind === 'status') lines.push(`${stamp(e.at)} ${e.text}`, '');
    else {
      let block = toolBlocks?.get(e);
      if (block === undefined) {
        block = `${stamp(e.at)} ${e.error ? '✗' : '▸'} ${e.name}(${e.args}) ${Math.round(e.durationMs)} ms\n${indent(e.result)}`;
        toolBlocks?.set(e, block);
      }
      lines.push(block, '');
    }
  }
  return lines.join('\n');
}

const indent = (s: string) => s.trimEnd().split('\n').map((l) => `    ${l}`).join('\n');
