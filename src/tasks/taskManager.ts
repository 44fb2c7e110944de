import { createEmitter } from '../events/emitter';
import type { ChangeSet } from './changeSet';
import { ChangedFiles, type WriteNotes } from './changedFiles';
import type { TaskEnvironment } from './taskEnvironment';
import { appendLog, applyEvent, withTurn } from './taskLog';
import type { TaskPersistence } from './taskPersistence';
import { RedirectAbort, type TaskBudgets, type TaskEvent, type TaskRunner } from './taskRunner';
import { ACTIVE_STATES, type TaskRecord, type TaskRequest, type TaskState } from './taskTypes';
import { untilAborted } from './untilAborted';
import type { LiveCopy, WorkingCopyRecord } from './workingCopyRecord';

export interface TaskManagerDeps {
  /** The agent loop; undefined where none is available (the reason says why). */
  runner(): TaskRunner | { unavailable: string };
  /** Takes the working copy's snapshot at a task's first start (its files are written in the background). */
  createCopy(record: TaskRecord): Promise<LiveCopy>;
  /** The environment of one run; `waiting` flips the task's state while it waits for consent; its tools note their writes in `changes`. */
  environment(record: TaskRecord, copy: LiveCopy, waiting: (on: boolean) => void, changes: WriteNotes): TaskEnvironment;
  /** The copy's changed files with their snapshot blobs (git: asked only after writes nobody named). */
  changedPaths(copy: WorkingCopyRecord): Promise<Map<string, string | null>>;
  changeSet(copy: WorkingCopyRecord, summary: string): Promise<ChangeSet>;
  removeCopy(copy: WorkingCopyRecord): Promise<void>;
  /** Whether a copy is still there (copies older than a week are removed at start). */
  copyExists(copy: WorkingCopyRecord): Promise<boolean>;
  persistence: TaskPersistence;
  budgets(): TaskBudgets;
  maxParallel(): number;
  now(): number;
  newId(): string;
  onError(message: string): void;
  /** How long the turn a Stop or Redirect cut is waited for as the agent winds down (default CUT_TURN_WAIT_MS). */
  cutTurnWaitMs?: number;
}

interface Run {
  controller: AbortController;
  /** Why it is being aborted, set by whoever aborts it. */
  why?: { state: TaskState; reason: string; then?: () => void };
  finished: Promise<void>;
}

/**
 * The tasks of a window: a queue (flint.tasks.maxParallel run at once), each run's lifecycle on
 * its working copy, Stop / Redirect / Resume, the wall-clock and usage budgets as a backstop to
 * the agent's own, and every change persisted so a reload shows them.
 */
export class TaskManager {
  private readonly records = new Map<string, TaskRecord>();
  private readonly runs = new Map<string, Run>();
  /** Tasks waiting for a free run, in order. */
  private readonly pending = new Set<string>();
  /** Copies taken in this window, whose files may still be on their way to the disk. */
  private readonly live = new Map<string, LiveCopy>();
  /** Each task's changed files in this window, kept from its tools' notes. */
  private readonly changes = new Map<string, ChangedFiles>();
  private readonly changed = createEmitter<TaskRecord>((err) => this.deps.onError(`task listener failed: ${String(err)}`));
  private disposed = false;
  private flushed = false;
  /** Cut turns still winding down (see keepCutTurn), by task: the task's next run waits for its own. */
  private readonly cutTurns = new Map<string, Promise<void>>();

  constructor(private readonly deps: TaskManagerDeps) {}

  /** Loads the tasks of earlier windows (active ones come back stopped). */
  async load(): Promise<void> {
    for (const r of await this.deps.persistence.loadAll(this.deps.now())) {
      this.records.set(r.id, r);
      void this.deps.persistence.save(r);
    }
  }

  onChange(listener: (record: TaskRecord) => void): () => void {
    return this.changed.on(listener);
  }

  list(): TaskRecord[] {
    return [...this.records.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  get(id: string): TaskRecord | undefined {
    return this.records.get(id);
  }

  /** How many run or wait for consent now. */
  activeCount(): number {
    return this.list().filter((r) => r.state === 'running' || r.state === 'waiting').length;
  }

  start(request: TaskRequest): TaskRecord {
    const record: TaskRecord = { ...request, id: this.deps.newId(), state: 'queued', createdAt: this.deps.now(), elapsedMs: 0, usage: { turns: 0, inputTokens: 0, outputTokens: 0, cost: null }, filesChanged: 0, log: [] };
    this.records.set(record.id, record);
    this.enqueue(record, 'queued');
    return record;
  }

  /** Stop: the turn is cut and its processes killed; the working copy, log and conversation stay. */
  stop(id: string, reason = 'stopped by you'): void {
    const record = this.records.get(id);
    if (!record) return;
    const run = this.runs.get(id);
    if (run) this.abort(run, { state: 'stopped', reason });
    else if (record.state === 'queued') {
      this.pending.delete(id);
      this.finish(record, 'stopped', reason);
    }
  }

  /** Redirect: the running turn stops, the instruction joins the conversation, the work so far stays. */
  redirect(id: string, instruction: string): void {
    const record = this.records.get(id);
    if (!record || instruction.trim() === '') return;
    const run = this.runs.get(id);
    const note = `redirected: ${instruction}`;
    // Kept on the task until a turn takes it: a Stop before then leaves it for Resume.
    record.redirects = [...(record.redirects ?? []), instruction];
    if (run) this.abort(run, { state: 'queued', reason: note, then: () => this.enqueue(record) });
    else if (record.state === 'queued') this.setState(record, 'queued', note);
    else this.enqueue(record, note);
  }

  /** Resume a stopped or failed task from its last completed turn. */
  resume(id: string): void {
    const record = this.records.get(id);
    if (record && (record.state === 'stopped' || record.state === 'failed')) this.enqueue(record, 'resumed');
  }

  /** Forgets a finished task and removes its working copy (its result applied or discarded). */
  async discard(id: string): Promise<void> {
    const record = this.records.get(id);
    if (!record || ACTIVE_STATES.includes(record.state)) return;
    this.records.delete(id);
    // A copy still being written is cut short: it is removed anyway.
    this.live.get(id)?.stop();
    await this.onDisk(id);
    this.live.delete(id);
    this.changes.delete(id);
    if (record.workingCopy) await this.deps.removeCopy(record.workingCopy).catch((err: unknown) => this.deps.onError(`the working copy of task ${id} could not be removed: ${String(err)}`));
    await this.deps.persistence.remove(id);
    this.changed.emit(record);
  }

  /** The window closes: every run is aborted (its processes killed) and saved as stopped. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const id of [...this.pending]) this.stop(id, 'the window was closed or reloaded: Resume continues from the last completed turn');
    const runs = [...this.runs.values()];
    for (const run of runs) this.abort(run, { state: 'stopped', reason: 'the window was closed or reloaded: Resume continues from the last completed turn' });
    // Processes die with the abort itself; an agent slow to notice, or a copy still being written, does not hold the window.
    const copies = [...this.live.values()];
    await Promise.race([Promise.all([...runs.map((r) => r.finished), ...this.cutTurns.values(), ...copies.map((c) => c.onDisk.catch(() => undefined))]), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    for (const copy of copies) copy.stop();
    // A copy finished meanwhile is saved as such: Resume can continue in it.
    for (const id of this.live.keys()) {
      const record = this.records.get(id);
      if (record) void this.deps.persistence.save(record);
    }
    this.changed.clear();
    this.flushed = true;
    await this.deps.persistence.flush();
  }

  private enqueue(record: TaskRecord, note?: string): void {
    if (this.disposed) return;
    this.pending.add(record.id);
    record.reason = undefined;
    this.setState(record, 'queued', note);
    this.pump();
  }

  private pump(): void {
    for (const id of this.pending) {
      if (this.runs.size >= Math.max(1, this.deps.maxParallel())) return;
      this.pending.delete(id);
      const record = this.records.get(id);
      if (record) this.launch(record);
    }
  }

  private abort(run: Run, why: NonNullable<Run['why']>): void {
    // The first reason stands, but a Stop (or a budget) overrides a Redirect whose run has not started.
    if (!run.why || (run.why.state === 'queued' && why.state !== 'queued')) run.why = why;
    // The agent reads a Redirect's reason: the calls it leaves unrun are superseded, not failed.
    run.controller.abort(why.state === 'queued' ? new RedirectAbort() : undefined);
  }

  private launch(record: TaskRecord): void {
    const controller = new AbortController();
    const run: Run = { controller, finished: Promise.resolve() };
    this.runs.set(record.id, run);
    record.runningSince = this.deps.now();
    this.setState(record, 'running', record.redirects?.length ? undefined : record.usage.turns > 0 ? 'running again from the last completed turn' : 'started');
    run.finished = this.drive(record, run).finally(() => {
      // A redirect may have started the next run already.
      if (this.runs.get(record.id) === run) this.runs.delete(record.id);
      this.pump();
    });
  }

  private async drive(record: TaskRecord, run: Run): Promise<void> {
    const budgets = this.deps.budgets();
    const wall = setTimeout(() => this.abort(run, { state: 'stopped', reason: `the time budget of ${budgets.maxMinutes} minutes (flint.tasks.maxMinutes) ran out` }), Math.max(0, budgets.maxMinutes * 60_000 - record.elapsedMs));
    try {
      await this.windDown(record.id, run.controller.signal);
      // Stopped or redirected again meanwhile: nothing ran.
      const early: Run['why'] = run.why;
      if (early) return this.finish(record, early.state, early.reason, early.then);
      const runner = this.deps.runner();
      if ('unavailable' in runner) return this.finish(record, 'failed', runner.unavailable);
      if (record.workingCopy && !(await this.deps.copyExists(record.workingCopy))) return this.finish(record, 'failed', 'its working copy is gone (copies are removed after a week): start the task again');
      const live = await this.liveCopy(record);
      if (!live) return this.finish(record, 'failed', 'its working copy was still being written when the window closed: start the task again');
      const copy = live.record;
      appendLog(record, { kind: 'status', at: this.deps.now(), text: `working copy (${copy.kind === 'git' ? 'git worktree' : 'copy'}): ${copy.root}` });
      live.onDisk.catch((err: unknown) => this.abort(run, { state: 'failed', reason: `the working copy could not be written: ${err instanceof Error ? err.message : String(err)}` }));
      const env = this.deps.environment(record, live, (on) => this.setState(record, on ? 'waiting' : 'running', on ? 'waiting for your consent to run a command' : undefined), this.changesOf(record, copy));
      // The new instructions go into the run's first turn; they leave the task once a turn reports a conversation holding them.
      let given = record.redirects ?? [];
      const taken = () => {
        if (given.length === 0) return;
        const left = (record.redirects ?? []).slice(given.length);
        record.redirects = left.length ? left : undefined;
        given = [];
      };
      const input = { taskId: record.id, instruction: record.instruction, context: record.context, conversation: record.conversation, redirect: given.length ? given.join('\n\n') : undefined, env, budgets, signal: run.controller.signal };
      const leftOver = (rest: AsyncIterator<TaskEvent>) => this.keepCutTurn(record, rest, taken);
      let spent: string | undefined;
      for await (const event of untilAborted(runner.run(input), run.controller.signal, leftOver)) {
        if (event.type === 'done') return await this.complete(record, copy, event.summary);
        if (event.type === 'stopped' || event.type === 'failed') return await this.finishWithChanges(record, copy, event.type, event.reason);
        // A budget the last turn used up stops a run that goes on past it, not one that ends there.
        if (spent) {
          this.abort(run, { state: 'stopped', reason: spent });
          continue;
        }
        applyEvent(record, event, this.deps.now());
        if (event.type === 'turn') {
          taken();
          // From the tools' notes: git runs only after a command or test run wrote files.
          record.filesChanged = await this.countChanges(record, copy);
          spent = overBudget(record, budgets);
          void this.deps.persistence.save(record);
        }
        this.changed.emit(record);
      }
      if (run.why) return await this.finishAborted(record, copy, run);
      return this.finish(record, 'failed', 'the agent ended without finishing the task');
    } catch (err) {
      if (run.why) return this.finish(record, run.why.state, run.why.reason, run.why.then);
      this.finish(record, 'failed', err instanceof Error ? err.message : String(err));
    } finally {
      clearTimeout(wall);
    }
  }

  /**
   * A Stop or Redirect ends the run at once, but the turn it cut goes on winding down: the agent
   * reports what that turn was billed (its input and the text streamed so far) and the
   * conversation it ends with, which keeps the cut turn's work (its text, the outputs of the calls
   * that ran, the others marked not run). That usage joins the task's (not its turns: the turn did
   * not complete), so the budgets see every redirect, and that conversation is the one the next run
   * (a Redirect's, a Resume) continues from: it waits for this, a few seconds at most.
   */
  private keepCutTurn(record: TaskRecord, rest: AsyncIterator<TaskEvent>, taken: () => void): void {
    const winding = this.readCutTurn(record, rest, taken).finally(() => {
      if (this.cutTurns.get(record.id) === winding) this.cutTurns.delete(record.id);
    });
    this.cutTurns.set(record.id, winding);
  }

  /** The cut run's remaining events, until it ends or the wait runs out (then the agent is closed). */
  private async readCutTurn(record: TaskRecord, rest: AsyncIterator<TaskEvent>, taken: () => void): Promise<void> {
    const deadline = this.deps.now() + (this.deps.cutTurnWaitMs ?? CUT_TURN_WAIT_MS);
    try {
      for (;;) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - this.deps.now()))));
        const next = await Promise.race([rest.next(), late]).finally(() => clearTimeout(timer));
        if (next === 'late' || next.done) return;
        if (next.value.type === 'turn') {
          taken();
          this.takeCutTurn(record, next.value);
        }
      }
    } catch {
      // The agent failed while winding down: what it reported before counts.
    } finally {
      void rest.return?.()?.catch(() => undefined);
    }
  }

  private takeCutTurn(record: TaskRecord, e: Extract<TaskEvent, { type: 'turn' }>): void {
    // Discarded meanwhile: saving would bring it back.
    if (this.records.get(record.id) !== record) return;
    record.usage = withTurn(record.usage, e, 0);
    record.conversation = e.conversation;
    // Not after the closing window's last write.
    if (!this.flushed) void this.deps.persistence.save(record);
    this.changed.emit(record);
  }

  /** Until the task's cut turn has wound down (see keepCutTurn), or this run too is aborted. */
  private async windDown(id: string, signal: AbortSignal): Promise<void> {
    const winding = this.cutTurns.get(id);
    if (!winding || signal.aborted) return;
    let onAbort = () => undefined as void;
    await Promise.race([winding, new Promise<void>((resolve) => signal.addEventListener('abort', (onAbort = () => resolve()), { once: true }))]);
    signal.removeEventListener('abort', onAbort);
  }

  /** The copy this window took or, for a task of an earlier window, its record when it was fully written. */
  private async liveCopy(record: TaskRecord): Promise<LiveCopy | undefined> {
    const known = this.live.get(record.id);
    if (known) return known;
    if (record.workingCopy?.writing) return undefined;
    if (record.workingCopy) return { record: record.workingCopy, onDisk: Promise.resolve(), snapshotText: async () => undefined, stop: () => undefined };
    const live = await this.deps.createCopy(record);
    record.workingCopy = live.record;
    this.live.set(record.id, live);
    return live;
  }

  /** Waits until the task's copy is on disk (or could not be written). */
  private async onDisk(id: string): Promise<void> {
    await this.live.get(id)?.onDisk.catch(() => undefined);
  }

  /** The task's changed files: fresh (nothing changed) for a copy this window just took, asked of git once otherwise. */
  private changesOf(record: TaskRecord, copy: WorkingCopyRecord): ChangedFiles {
    let changes = this.changes.get(record.id);
    if (!changes) {
      changes = new ChangedFiles(async () => {
        await this.onDisk(record.id);
        return this.deps.changedPaths(copy);
      }, this.live.has(record.id));
      this.changes.set(record.id, changes);
    }
    return changes;
  }

  private async countChanges(record: TaskRecord, copy: WorkingCopyRecord): Promise<number> {
    return this.changesOf(record, copy).count().catch(() => record.filesChanged);
  }

  private async complete(record: TaskRecord, copy: WorkingCopyRecord, summary: string): Promise<void> {
    record.summary = summary;
    await this.onDisk(record.id);
    record.changeSet = await this.deps.changeSet(copy, summary);
    record.filesChanged = record.changeSet.files.length;
    this.finish(record, 'done', undefined);
  }

  /** A run ended by Stop, Redirect or a budget: its reason is read once the changes are counted, so a Stop made meanwhile wins. */
  private async finishAborted(record: TaskRecord, copy: WorkingCopyRecord, run: Run): Promise<void> {
    record.filesChanged = await this.countChanges(record, copy);
    const why = run.why!;
    this.finish(record, why.state, why.reason, why.then);
  }

  private async finishWithChanges(record: TaskRecord, copy: WorkingCopyRecord, state: TaskState, reason: string, then?: () => void): Promise<void> {
    record.filesChanged = await this.countChanges(record, copy);
    this.finish(record, state, reason, then);
  }

  private finish(record: TaskRecord, state: TaskState, reason: string | undefined, then?: () => void): void {
    if (record.runningSince !== undefined) record.elapsedMs += this.deps.now() - record.runningSince;
    record.runningSince = undefined;
    record.reason = reason;
    // A redirect's pause is not an end: its note says what happens next.
    this.setState(record, state, state === 'queued' ? reason : reason ? `${state}: ${reason}` : state);
    then?.();
  }

  private setState(record: TaskRecord, state: TaskState, note: string | undefined): void {
    record.state = state;
    if (note) appendLog(record, { kind: 'status', at: this.deps.now(), text: note });
    void this.deps.persistence.save(record);
    this.changed.emit(record);
  }
}

/** How long a cut turn's wind-down (its usage and conversation) is waited for after a Stop or Redirect. */
const CUT_TURN_WAIT_MS = 5_000;

/** The usage budget a task has used up, if any: checked after each turn in case the agent's own check does not stop it. */
function overBudget(record: TaskRecord, b: TaskBudgets): string | undefined {
  const u = record.usage;
  return u.turns >= b.maxTurns ? `the turn budget of ${b.maxTurns} (flint.tasks.maxTurns) was reached`
    : b.maxTokens !== null && u.inputTokens + u.outputTokens >= b.maxTokens ? `the token budget of ${b.maxTokens} (flint.tasks.maxTokens) was reached`
    : b.maxCost !== null && u.cost !== null && u.cost >= b.maxCost ? `the cost budget of ${b.maxCost} (flint.tasks.maxCost) was reached`
    : undefined;
}
