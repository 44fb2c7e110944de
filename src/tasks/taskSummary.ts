import type { TaskRecord, TaskState } from './taskTypes';

export const STATE_LABELS: Record<TaskState, string> = {
  queued: 'queued',
  running: 'running',
  waiting: 'waiting for consent',
  done: 'done',
  failed: 'failed',
  stopped: 'stopped',
};

/** Time spent running so far, the current run included. */
export function elapsedOf(record: TaskRecord, now: number): number {
  return record.elapsedMs + (record.runningSince !== undefined ? Math.max(0, now - record.runningSince) : 0);
}

export function formatElapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

const tokens = (n: number) => (n < 1000 ? `${n}` : n < 1_000_000 ? `${(n / 1000).toFixed(1)}k` : `${(n / 1_000_000).toFixed(2)}M`);

/** One line of figures for the Tasks view: state, elapsed, turns, tokens, cost, files changed. */
export function describeTask(record: TaskRecord, now: number): string {
  const u = record.usage;
  const parts = [
    STATE_LABELS[record.state],
    formatElapsed(elapsedOf(record, now)),
    `${u.turns} ${u.turns === 1 ? 'turn' : 'turns'}`,
    `${tokens(u.inputTokens + u.outputTokens)} tokens`,
    ...(u.cost !== null ? [`$${u.cost.toFixed(u.cost < 1 ? 3 : 2)}`] : []),
    `${record.filesChanged} ${record.filesChanged === 1 ? 'file' : 'files'} changed`,
  ];
  return parts.join(' · ');
}

/** The instruction's first line, shortened for a label. */
export function taskTitle(record: TaskRecord, max = 60): string {
  const line = record.instruction.trim().split('\n')[0];
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
