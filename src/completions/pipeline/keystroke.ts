import type { MetricsSink } from '../../metrics/requestSample';
import type { Clock } from '../../time/clock';
import type { DebouncePolicy } from '../../time/debouncePolicy';
import type { CacheHit, CompletionCache } from '../completionCache';
import type { CompletionEntry } from '../completionEntry';
import type { CompletionRequests } from '../completionRequests';
import type { CompletionSettings } from '../completionSettings';
import type { CompletionRequest, CompletionResult, CompletionSource } from '../completionTypes';
import type { CursorPlace } from '../cursorPlace';
import type { ShownSuggestion } from '../shownSuggestion';

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

/** One ask of the editor, as it goes through the stages. */
export class Keystroke {
  /** Deliberate wait so far (ms). */
  debounced = 0;
  /** The typing paused for it: the debounce ran out. */
  paused = false;
  /** A running request the typing agrees with that has no suggestion here yet: worth waiting for. */
  pending: CompletionEntry | undefined;

  constructor(
    readonly req: CompletionRequest,
    /** Its number among the engine's keystrokes: only the newest may ask the model. */
    readonly number: number,
    /** When the engine was asked. */
    readonly t0: number,
    /** Where the suggestion goes (worked out once). */
    readonly place: CursorPlace,
    /** What the latest look at the cache found for the place (at the keystroke, again after a pause), longest prefix first. */
    public kept: CacheHit[],
  ) {}
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
 * A step of a keystroke: stops with an answer (or a reason there is none), or leaves it to the
 * next. A step that decides at once does so synchronously; a promise means it waits (for a
 * pause or a stream).
 */
export type Stage = (parts: StageParts, k: Keystroke) => Stop | undefined | Promise<Stop | undefined>;
