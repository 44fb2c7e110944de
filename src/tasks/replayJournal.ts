import { splitConversation } from './taskJournal';
import type { TaskLogEntry, TaskRecord } from './taskTypes';

interface Change {
  h?: Record<string, unknown>;
  u?: string[];
  l?: [number, number, ...TaskLogEntry[]];
  c?: unknown;
  i?: [number, ...unknown[]] | null;
}

/**
 * The record a task's journal (see taskJournal) ends with, and how many lines the file has. A
 * last line cut short (the window died mid-save) is left out; damage anywhere else throws.
 */
export function replayJournal(text: string): { record: TaskRecord; lines: number } {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const first = JSON.parse(lines[0] ?? '') as Partial<TaskRecord> | null;
  if (first === null || typeof first !== 'object' || typeof first.id !== 'string') throw new Error('its first line is not a task');
  const { log: firstLog, conversation, ...head } = first as TaskRecord & Record<string, unknown>;
  const log = Array.isArray(firstLog) ? [...firstLog] : [];
  let { rest, items } = splitConversation(conversation);
  for (let read = 1; read < lines.length; read++) {
    let change: Change;
    try {
      change = JSON.parse(lines[read]) as Change;
    } catch (err) {
      if (read === lines.length - 1) break;
      throw new Error(`line ${read + 1} is damaged: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    Object.assign(head, change.h);
    for (const k of change.u ?? []) delete head[k];
    if (change.l) {
      const [drop, keep, ...added] = change.l;
      log.splice(0, drop);
      cut(log, keep, read);
      log.push(...added);
    }
    if ('c' in change) rest = change.c ?? undefined;
    if (change.i === null) items = undefined;
    else if (change.i) {
      const [keep, ...added] = change.i;
      items = cut(items ?? [], keep, read);
      items.push(...added);
    }
  }
  const record = { ...head, log } as TaskRecord;
  if (rest !== undefined) record.conversation = items ? { ...(rest as object), items } : rest;
  return { record, lines: lines.length };
}

function cut<T>(list: T[], keep: number, line: number): T[] {
  if (!(keep <= list.length)) throw new Error(`line ${line + 1} keeps ${keep} of ${list.length} entries`);
  list.length = keep;
  return list;
}
