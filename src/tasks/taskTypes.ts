import type { ChangeSet } from './changeSet';
import type { WorkingCopyRecord } from './workingCopyRecord';

export type TaskState = 'queued' | 'running' | 'waiting' | 'done' | 'failed' | 'stopped';

/** One line of a task's log, as the log view shows it. */
export type TaskLogEntry =
  | { kind: 'text'; at: number; text: string }
  | { kind: 'plan'; at: number; text: string }
  | { kind: 'tool'; at: number; name: string; args: string; durationMs: number; result: string; error?: boolean }
  | { kind: 'status'; at: number; text: string };

export interface TaskUsage {
  turns: number;
  inputTokens: number;
  outputTokens: number;
  /** Estimated from flint.cost.*; null when no prices are set. */
  cost: number | null;
}

/** What the user asked, and what goes with it (file, selection, open editors, conversation). */
export interface TaskRequest {
  instruction: string;
  /** The user's workspace folder (absolute). */
  folder: string;
  /** The surface's context for the agent (current file, selection, open editors, chat so far); replaced, never changed in place. */
  context?: unknown;
}

/** A task as the Tasks view shows it and as it is persisted (one journal file per task, see taskJournal). */
export interface TaskRecord extends TaskRequest {
  id: string;
  state: TaskState;
  createdAt: number;
  /** Time spent running, summed over its runs (resumes included). */
  elapsedMs: number;
  /** When the current run started (running or waiting only). */
  runningSince?: number;
  usage: TaskUsage;
  filesChanged: number;
  log: TaskLogEntry[];
  /** Why it stopped or failed, in words for the user. */
  reason?: string;
  /** The task's closing summary, when done. */
  summary?: string;
  /** Replaced, never changed in place: the journal compares it by identity (see taskJournal). */
  changeSet?: ChangeSet;
  workingCopy?: WorkingCopyRecord;
  /** The agent's conversation up to the last completed turn: what Resume continues from. */
  conversation?: unknown;
  /**
   * Instructions the user gave (Redirect) that no turn has taken into the conversation yet,
   * oldest first: a Stop before the next turn keeps them for Resume. Replaced, never changed in
   * place (the journal compares head fields by identity).
   */
  redirects?: string[];
}

export const ACTIVE_STATES: readonly TaskState[] = ['queued', 'running', 'waiting'];
