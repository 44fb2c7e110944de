import type { TaskLogEntry, TaskRecord } from './taskTypes';

/**
 * A task's file is a journal: its first line the whole record (all that older versions wrote),
 * each further line what one save changed, so a long task's save turns into JSON only what its
 * turn added, not megabytes of log and conversation on the event loop ghost text shares.
 * A change line may hold:
 * - `h`: the head fields set (all but log and conversation), `u`: the head fields removed;
 * - `l`: `[drop, keep, ...added]`: the oldest `drop` entries go (the cap), the log is cut to
 *   `keep` entries (the last one grew), then `added` joins it;
 * - `c`: the conversation without its items (null: none); `i`: `[keep, ...added]` its items
 *   likewise (null: it has no items).
 */

/** What a task's file holds as of the last line planned: the next save writes what differs. */
export interface SavedTask {
  head: Map<string, string>;
  /** The head fields' values those strings were made from: an unchanged one is not turned into JSON again. */
  values: Map<string, unknown>;
  log: { count: number; last?: TaskLogEntry; lastLength: number; sizes: number[] };
  conversation: string | undefined;
  /** The items saved: the agent only pushes to them, so the same objects in front are saved already. */
  items: readonly unknown[] | undefined;
  itemSizes: number[];
  /** Characters in the file. */
  chars: number;
}

/** The whole record as one line, and what the file holds once it is written; `before`: what it held, whose unchanged head strings are reused. */
export function wholeLine(record: TaskRecord, before?: SavedTask): { line: string; saved: SavedTask } {
  const { head, values } = headOf(record, before);
  const logParts = record.log.map(json);
  const { rest, items } = splitConversation(record.conversation);
  const conversation = rest === undefined ? undefined : JSON.stringify(rest);
  const itemParts = items?.map(json);
  const fields = [...head].map(([k, s]) => `${JSON.stringify(k)}:${s}`);
  fields.push(`"log":[${logParts.join(',')}]`);
  if (conversation !== undefined) fields.push(`"conversation":${itemParts ? withItems(conversation, itemParts) : conversation}`);
  const line = `{${fields.join(',')}}`;
  const last = record.log[record.log.length - 1];
  const saved: SavedTask = {
    head,
    values,
    log: { count: record.log.length, last, lastLength: textLength(last), sizes: logParts.map((p) => p.length) },
    conversation,
    items: items?.slice(),
    itemSizes: itemParts?.map((p) => p.length) ?? [],
    chars: line.length + 1,
  };
  return { line, saved };
}

/** What changed since `saved` as one line (undefined: nothing), `saved` brought up to date. */
export function changeLine(saved: SavedTask, record: TaskRecord): string | undefined {
  const { head, values } = headOf(record, saved);
  const set = [...head].filter(([k, s]) => saved.head.get(k) !== s).map(([k, s]) => `${JSON.stringify(k)}:${s}`);
  const unset = [...saved.head.keys()].filter((k) => !head.has(k));
  saved.head = head;
  saved.values = values;
  const parts = [...(set.length ? [`"h":{${set.join(',')}}`] : []), ...(unset.length ? [`"u":${JSON.stringify(unset)}`] : [])];
  const log = logChange(saved.log, record.log);
  if (log) parts.push(`"l":${log}`);
  parts.push(...conversationChange(saved, record.conversation));
  if (!parts.length) return undefined;
  const line = `{${parts.join(',')}}`;
  saved.chars += line.length + 1;
  return line;
}

/** About how many characters the record's own line would take. */
export function recordChars(saved: SavedTask): number {
  let n = (saved.conversation?.length ?? 0) + 20;
  for (const [k, s] of saved.head) n += k.length + s.length + 4;
  for (const s of saved.log.sizes) n += s + 1;
  for (const s of saved.itemSizes) n += s + 1;
  return n;
}

/** The conversation apart from its items, when it has them (the agent's state). */
export function splitConversation(conversation: unknown): { rest: unknown; items?: unknown[] } {
  if (conversation === null || typeof conversation !== 'object' || !Array.isArray((conversation as { items?: unknown }).items)) return { rest: conversation };
  const { items, ...rest } = conversation as { items: unknown[] };
  return { rest, items };
}

function logChange(saved: SavedTask['log'], log: readonly TaskLogEntry[]): string | undefined {
  // Entries are only added, the last text one growing, and the oldest dropped past the cap:
  // where the last saved entry stands now says how many went and whether it grew.
  let at = -1;
  if (saved.last) for (let i = log.length - 1; i >= 0 && at < 0; i--) if (log[i] === saved.last) at = i;
  const found = at >= 0 && at < saved.count;
  const drop = found ? saved.count - 1 - at : 0;
  const keep = !found ? 0 : textLength(log[at]) === saved.lastLength ? at + 1 : at;
  if (drop === 0 && keep === saved.count && keep === log.length) return undefined;
  const added = log.slice(keep).map(json);
  saved.sizes.splice(0, drop);
  saved.sizes.length = keep;
  for (const p of added) saved.sizes.push(p.length);
  saved.count = log.length;
  saved.last = log[log.length - 1];
  saved.lastLength = textLength(saved.last);
  return `[${drop},${keep}${added.map((p) => `,${p}`).join('')}]`;
}

function conversationChange(saved: SavedTask, conversation: unknown): string[] {
  const { rest, items } = splitConversation(conversation);
  const text = rest === undefined ? undefined : JSON.stringify(rest);
  const parts = text === saved.conversation ? [] : [`"c":${text ?? 'null'}`];
  saved.conversation = text;
  if (!items) {
    if (saved.items) parts.push('"i":null');
    saved.items = undefined;
    saved.itemSizes = [];
    return parts;
  }
  // A compaction makes new objects of some items: they and all after them are sent again.
  const before = saved.items ?? [];
  const n = Math.min(before.length, items.length);
  let keep = 0;
  while (keep < n && before[keep] === items[keep]) keep++;
  if (saved.items && keep === before.length && keep === items.length) return parts;
  const added = items.slice(keep).map(json);
  saved.itemSizes.length = keep;
  for (const p of added) saved.itemSizes.push(p.length);
  saved.items = items.slice();
  parts.push(`"i":[${keep}${added.map((p) => `,${p}`).join('')}]`);
  return parts;
}

/** Head fields that are replaced, never changed in place (see TaskRecord): the same object is the same JSON. */
const SET_ONCE: ReadonlySet<string> = new Set(['context', 'changeSet']);

/**
 * The head fields as JSON, each with its value. A field whose value is the one `before` saved
 * (a primitive, or a set-once object such as a large context) keeps its string: a save turns
 * into JSON only what may have changed.
 */
function headOf(record: TaskRecord, before?: SavedTask): { head: Map<string, string>; values: Map<string, unknown> } {
  const head = new Map<string, string>();
  const values = new Map<string, unknown>();
  for (const [k, v] of Object.entries(record)) {
    if (k === 'log' || k === 'conversation') continue;
    const kept = before?.head.get(k);
    const same = kept !== undefined && before!.values.get(k) === v && (v === null || typeof v !== 'object' || SET_ONCE.has(k));
    const s = same ? kept : (JSON.stringify(v) as string | undefined);
    if (s === undefined) continue;
    head.set(k, s);
    values.set(k, v);
  }
  return { head, values };
}

const json = (v: unknown) => (JSON.stringify(v) as string | undefined) ?? 'null';
const textLength = (e: TaskLogEntry | undefined) => (e && 'text' in e ? e.text.length : -1);
const withItems = (rest: string, items: string[]) => `${rest === '{}' ? '{' : `${rest.slice(0, -1)},`}"items":[${items.join(',')}]}`;
