import type { Logger } from '../log/logger';
import type { MetricsSink, RequestSample } from '../metrics/requestSample';
import { firstTokenMs, tokensPerSecond } from '../metrics/timingMarks';
import type { RouteDecision, RouteRequest } from '../router/routeTypes';
import { describeLeftOut, fitFiles } from '../context/fitFiles';
import { withFastFallback } from '../router/fastFallback';
import type { ModelClient, ModelRequest, ModelStream, StreamResult } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import { describeFailure } from './answerError';
import type { AssistantTurn, Conversation, Route, Turn, UserTurn } from './chatTypes';
import { composeContent, type AttachedContext } from './contextBlock';
import { tokensForChars } from '../context/tokenEstimate';
import { chainedInput, titleFrom } from './conversation';

export interface ChatSessionDeps {
  client(route: Route): ModelClient;
  route(request: RouteRequest): RouteDecision;
  metrics: MetricsSink;
  log: Logger;
  instructions: string;
  /** The context window, in tokens, of the model a route goes to; attachments are fitted into it. */
  contextTokens(route: Route): number;
  newId(): string;
  /** Wall-clock ms for the history list. */
  wallClock(): number;
}

/** What the view and the history store hear about. Turns are passed by reference. */
export interface ChatEvents {
  turnAdded(turn: Turn): void;
  delta(turnId: string, text: string): void;
  /** Status, meta, error or (on retry) text of an answer changed. */
  turnUpdated(turn: AssistantTurn): void;
  /** Urgent when a turn starts or ends (persist now); otherwise streaming text grew. */
  changed(conversation: Conversation, urgent: boolean): void;
  /** An answer started or ended streaming (the view swaps Send for Stop and Redirect). */
  streamingChanged(streaming: boolean): void;
}

export interface ChatRequest {
  text: string;
  contexts: AttachedContext[];
}

/** A message the session refuses, with the reason to show; the draft stays in the composer. */
export class ChatInputError extends Error {}

interface Run {
  stream: ModelStream;
  answer: AssistantTurn;
  route: Route;
  /** Sent with previousResponseId: a lost chain can be retried with the full history. */
  chained: boolean;
  /** Why we ended it ourselves; its late result then changes no status. */
  ended?: 'stop' | 'redirect';
  steering: boolean;
}

/**
 * One conversation and the answer streaming in it. A message sent while an answer streams
 * redirects it: steered into the running response where the endpoint supports it, else the
 * answer is cut where it stands and a new one starts from the partial text plus the message.
 */
export class ChatSession {
  private running: Run | undefined;

  constructor(
    private readonly deps: ChatSessionDeps,
    private readonly events: ChatEvents,
    private conv: Conversation,
  ) {}

  get conversation(): Conversation {
    return this.conv;
  }

  get streaming(): boolean {
    return this.running !== undefined;
  }

  /** Switch to another conversation; a running answer is stopped first. */
  replace(conv: Conversation): void {
    this.stop();
    this.conv = conv;
  }

  /**
   * Add the user's message and start (or redirect to) its answer. Throws ChatInputError, before
   * anything is added, for a message that cannot be sent.
   */
  send(request: ChatRequest): void {
    const text = request.text.trim();
    if (text === '') throw new ChatInputError('Type a message first.');
    const files = [...new Set(request.contexts.map((c) => c.path))];
    const contextChars = request.contexts.reduce((n, c) => n + c.text.length, 0);
    const historyChars = this.conv.turns.reduce((n, t) => n + (t.role === 'user' ? t.content : t.text).length, 0);
    const decision = this.deps.route({
      surface: 'chat',
      text,
      files,
      tokenEstimate: tokensForChars(this.deps.instructions.length + historyChars + text.length + contextChars),
    });
    if (decision.text.trim() === '') throw new ChatInputError('Type a message after the /fast or /deep prefix.');
    const run = this.running;
    const budget = this.historyBudget(decision.target) - tokensForChars(historyChars + text.length);
    const fitted = fitFiles(request.contexts, budget);
    if (fitted.leftOut.length > 0) {
      const leftOut = describeLeftOut(fitted.leftOut);
      decision.reasons.push(`left out to fit the context: ${leftOut}`);
      this.deps.log.info(`chat: left out to fit the ${decision.target} model's context: ${leftOut}`);
    }
    const user: UserTurn = {
      role: 'user',
      id: this.deps.newId(),
      text,
      content: composeContent(decision.text, fitted.files),
      attachments: request.contexts.map(({ path, startLine, endLine }) => ({ path, startLine, endLine })),
      redirect: run !== undefined,
    };
    this.addTurn(user);
    if (run) void this.redirect(run, user, decision);
    else this.startAnswer(decision.target, decision.reasons);
  }

  /** End the running answer at once; its partial text stays, marked stopped. */
  stop(): boolean {
    const run = this.running;
    if (!run) return false;
    run.ended = 'stop';
    this.setRunning(undefined);
    run.stream.cancel();
    run.answer.status = 'stopped';
    this.answerChanged(run.answer);
    return true;
  }

  /** Answer the last message again, replacing a failed or stopped last answer. */
  retry(answerId: string): boolean {
    const last = this.conv.turns[this.conv.turns.length - 1];
    if (this.running || !last || last.role !== 'assistant' || last.id !== answerId) return false;
    if (last.status !== 'failed' && last.status !== 'stopped') return false;
    last.text = '';
    last.error = undefined;
    last.status = 'streaming';
    this.answerChanged(last);
    // An answer the fast model gave in place of the full one asks the full model again.
    // Its first reason is the fallback's; the rest are the router's.
    if (last.meta.fellBackFrom === 'full') this.startAnswer('full', last.meta.reasons.slice(1), last);
    else this.startAnswer(last.meta.route, last.meta.reasons, last);
    return true;
  }

  private async redirect(run: Run, user: UserTurn, decision: RouteDecision): Promise<void> {
    run.answer.status = 'redirected';
    this.answerChanged(run.answer);
    if (run.stream.steer && decision.target === run.route && !run.steering) {
      run.steering = true;
      const accepted = await this.steer(run, run.stream.steer([{ role: 'user', content: user.content }]), decision);
      run.steering = false;
      // Stopped, or a newer message already took over while the steer was in flight; or steered.
      if (run.ended || (accepted && this.running === run)) return;
    }
    if (this.running === run) {
      run.ended = 'redirect';
      this.setRunning(undefined);
      run.stream.cancel();
    }
    this.startAnswer(decision.target, decision.reasons);
  }

  /**
   * Deltas after an accepted steer belong to the new answer. The switch happens in the very
   * callback the transport resolves, so successor deltas that arrived together with the
   * acceptance (queued behind it) already land in the new answer.
   */
  private steer(run: Run, steered: Promise<boolean>, decision: RouteDecision): Promise<boolean> {
    return new Promise((resolve) => {
      steered.then(
        (accepted) => {
          if (accepted && !run.ended && this.running === run) {
            run.answer = this.newAnswer(run.route, run.answer.meta.model, [...decision.reasons, 'steered into the running answer']);
            this.addTurn(run.answer);
          }
          resolve(accepted);
        },
        () => resolve(false),
      );
    });
  }

  private startAnswer(route: Route, reasons: string[], existing?: AssistantTurn, useChain = true): void {
    const client = this.deps.client(route);
    // Resent whole (no chain), the oldest messages give way to fit the model's window, and
    // the answer says how many; on a chain the server holds the history.
    const request = (r: Route): { request: ModelRequest; leftOut?: number } => {
      const { leftOut, ...chain } = chainedInput(this.conv.turns, r, useChain, this.historyBudget(r));
      const request: ModelRequest = { surface: 'chat', instructions: this.deps.instructions, ...chain, label: `chat: ${reasons.join('; ')}` };
      return chain.previousResponseId === undefined && leftOut > 0 ? { request, leftOut } : { request };
    };
    // The answer is not in the turns yet, or (retried) is streaming: either way not sent.
    const { request: first, leftOut } = request(route);
    const answer = existing ?? this.newAnswer(route, client.model, reasons);
    answer.meta = { route, model: client.model, reasons, ...(leftOut ? { leftOut } : {}) };
    if (!existing) this.addTurn(answer);
    let stream: ModelStream;
    try {
      stream = client.stream(first);
      if (route === 'full') {
        // Built only when the fast model takes over (start runs before switched).
        let fast: ReturnType<typeof request> | undefined;
        stream = withFastFallback(stream, this.deps.client('fast'), () => (fast = request('fast')).request, (why, error) => this.fellBack(run, fast!, why, error));
      }
    } catch (err) {
      answer.status = 'failed';
      answer.error = `Could not start the request: ${err instanceof Error ? err.message : String(err)}`;
      this.answerChanged(answer);
      return;
    }
    const run: Run = { stream, answer, route, chained: first.previousResponseId !== undefined, steering: false };
    this.setRunning(run);
    void this.pump(run);
  }

  private historyBudget(route: Route): number {
    const window = this.deps.contextTokens(route);
    return window - tokensForChars(this.deps.instructions.length) - outputReserve(window);
  }

  /** The full model could not take the request: the fast one answers, and the answer says so. */
  private fellBack(run: Run, { request, leftOut }: { request: ModelRequest; leftOut?: number }, why: string, error: ModelError): void {
    this.deps.log.warn(`chat: full model failed before answering (${error.message}); answering with the fast model.`);
    const fast = this.deps.client('fast');
    run.route = 'fast';
    run.chained = request.previousResponseId !== undefined;
    const reasons = [why, ...run.answer.meta.reasons];
    run.answer.meta = { route: 'fast', model: fast.model, reasons, fellBackFrom: 'full', ...(leftOut ? { leftOut } : {}) };
    this.answerChanged(run.answer);
  }

  private async pump(run: Run): Promise<void> {
    try {
      for await (const delta of run.stream) {
        run.answer.text += delta;
        this.events.delta(run.answer.id, delta);
        this.events.changed(this.conv, false);
      }
    } catch (err) {
      // The contract says iteration ends through `done`; a throw is logged, `done` still decides.
      this.deps.log.warn('chat: stream iteration threw', err);
    }
    this.finish(run, await run.stream.done);
  }

  private finish(run: Run, result: StreamResult): void {
    const answer = run.answer;
    const marks = run.stream.marks;
    answer.meta = {
      ...answer.meta,
      firstTokenMs: round(firstTokenMs(marks)),
      tokensPerSecond: round(tokensPerSecond(marks)),
      outputTokens: marks.outputTokens,
    };
    this.deps.metrics.record({ surface: 'chat', route: run.route, marks, outcome: outcomeOf(run, result) });
    if (!run.ended) {
      if (this.running === run) this.setRunning(undefined);
      if (this.lostChain(run, result)) {
        this.deps.log.info('chat: response chain lost; resending the whole conversation');
        this.startAnswer(run.route, answer.meta.reasons, answer, false);
        return;
      }
      applyResult(answer, result);
    }
    this.answerChanged(answer);
  }

  /** The server forgot the chain and the transport did not recover: resend everything once. */
  private lostChain(run: Run, result: StreamResult): boolean {
    return (
      run.chained && result.status === 'failed' && result.error?.options.serverCode === 'previous_response_not_found' && run.answer.text === ''
    );
  }

  private setRunning(run: Run | undefined): void {
    const was = this.running !== undefined;
    this.running = run;
    if (was !== (run !== undefined)) this.events.streamingChanged(run !== undefined);
  }

  private newAnswer(route: Route, model: string, reasons: string[]): AssistantTurn {
    return { role: 'assistant', id: this.deps.newId(), text: '', status: 'streaming', meta: { route, model, reasons } };
  }

  private addTurn(turn: Turn): void {
    this.conv.turns.push(turn);
    if (this.conv.turns.length === 1) this.conv.title = titleFrom(this.conv.turns);
    this.conv.updatedAt = this.deps.wallClock();
    this.events.turnAdded(turn);
    this.events.changed(this.conv, true);
  }

  private answerChanged(answer: AssistantTurn): void {
    this.conv.updatedAt = this.deps.wallClock();
    this.events.turnUpdated(answer);
    this.events.changed(this.conv, true);
  }
}

function applyResult(answer: AssistantTurn, result: StreamResult): void {
  switch (result.status) {
    case 'completed':
      answer.status = 'done';
      answer.responseId = result.responseId;
      return;
    case 'incomplete':
      answer.status = 'stopped';
      answer.error = 'The model ended the answer early (output limit). Retry, or ask it to continue.';
      return;
    case 'cancelled':
      answer.status = 'stopped';
      return;
    case 'failed':
      answer.status = 'failed';
      answer.error = describeFailure(result.error);
      return;
  }
}

function outcomeOf(run: Run, result: StreamResult): RequestSample['outcome'] {
  if (run.ended) return 'abandoned';
  if (result.status === 'failed') return 'failed';
  return result.status === 'cancelled' ? 'abandoned' : 'used';
}

function round(n: number | undefined): number | undefined {
  return n === undefined ? undefined : Math.round(n * 10) / 10;
}

/** Room kept for the answer: an eighth of the window, at most 16k tokens. */
function outputReserve(contextTokens: number): number {
  return Math.min(16_000, Math.floor(contextTokens / 8));
}
