import type { MetricsSink } from '../../metrics/requestSample';
import type { Clock } from '../../time/clock';
import type { DebouncePolicy } from '../../time/debouncePolicy';
import type { CompletionCache } from '../completionCache';
import type { CompletionEntry } from '../completionEntry';
import type { CompletionRequests } from '../completionRequests';
import type { CompletionSettings } from '../completionSettings';
import type { CompletionRequest, CompletionResult, CompletionSource } from '../completionTypes';
import type { CursorPlace } from '../cursorPlace';
import type { ShownSuggestion } from '../shownSuggestion';
import type { Look } from './look';

/** Why a keystroke's stages stopped: served (and from where), or why nothing is shown. */
export type StopReason =
  | CompletionSource
  /** The model already said nothing fits exactly here. */
  | 'nothing-here'
  /** The editor no longer wants the answer (a newer keystroke came). */
  | 'superseded'
  /** Requests wait after a failure. */
  | 'paused'
  /** The keystroke's own request ended without a suggestion, or its suggestion was empty. */
  | 'no-suggestion';

export interface Stop {
  why: StopReason;
  result?: CompletionResult;
}

/** Why a stage left the keystroke to the next one. */
export type PassReason =
  /** Nothing kept serves the place. */
  | 'nothing-kept'
  /** Subtle eagerness holds what the cache has until the typing pauses. */
  | 'held'
  /** No running request the typing agrees with. */
  | 'nothing-running'
  /** The running request left the typing, or ended without a suggestion here. */
  | 'diverged'
  /** No deliberate wait for this keystroke. */
  | 'no-wait'
  /** The typing paused for it: the debounce ran out. */
  | 'paused';

export interface Pass {
  pass: PassReason;
  /** A pass answers nothing. */
  result?: undefined;
  /** Deliberate wait so far (ms), when the stage waited for a pause. */
  debounced?: number;
  /** A running request the typing has left: it goes with the others the keystroke left. */
  left?: CompletionEntry;
}

/** What a stage decided: stop (with an answer or a reason there is none), or pass on, saying why. */
export type Step = Stop | Pass;

/** One ask of the editor as the stages see it: never changed, only replaced by the engine. */
export interface Keystroke {
  readonly req: CompletionRequest;
  /** Its number among the engine's keystrokes: only the newest may ask the model. */
  readonly number: number;
  /** When the engine was asked. */
  readonly t0: number;
  /** Where the suggestion goes (worked out once). */
  readonly place: CursorPlace;
  /** What was kept and running for the place when the keystroke came (see lookAt). */
  readonly look: Look;
  /** Some stage waited since that look (a pause, a stream): what it found may be out of date. */
  readonly waited: boolean;
  /** The typing paused for it: the debounce ran out. */
  readonly paused: boolean;
  /** Deliberate wait so far (ms). */
  readonly debounced: number;
}

/** What the stages work with: the engine's parts. */
export interface StageParts {
  cache: CompletionCache;
  requests: CompletionRequests;
  shown: ShownSuggestion;
  debounce: DebouncePolicy;
  clock: Clock;
  metrics: MetricsSink;
  settings(): CompletionSettings;
  /** Whether `k` is the newest keystroke (an older one's answer is no longer wanted). */
  newest(k: Keystroke): boolean;
}

/**
 * A step of a keystroke: a decision over the keystroke as it is. One that decides at once does
 * so synchronously; a promise means it waits (for a pause or a stream).
 */
export type Stage = (parts: StageParts, k: Keystroke) => Step | Promise<Step>;

/** Whether `step` ends the keystroke. */
export function isStop(step: Step): step is Stop {
  return 'why' in step;
}
