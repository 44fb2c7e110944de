/** Plain data of a chat conversation: what the history store keeps and the webview shows. */
export type Route = 'fast' | 'full';

/** A piece of context sent with a user message; the transcript shows its label as a chip. */
export interface Attachment {
  /** Workspace-relative path. */
  path: string;
  /** 1-based inclusive line range when only part of the file was attached. */
  startLine?: number;
  endLine?: number;
}

export interface UserTurn {
  role: 'user';
  id: string;
  /** What the user typed, shown in the transcript. */
  text: string;
  /** What the model received: the routed text plus the attached context. */
  content: string;
  attachments: Attachment[];
  /** Sent while an answer was streaming, to redirect it. */
  redirect: boolean;
}

/**
 * streaming: tokens still arriving; done: completed; stopped: the user stopped it (or the model
 * ended early); redirected: a newer message took over; failed: an error ended it (Retry offered).
 */
export type AnswerStatus = 'streaming' | 'done' | 'stopped' | 'redirected' | 'failed';

export interface AnswerMeta {
  route: Route;
  model: string;
  /** The router's reasons for the route. */
  reasons: string[];
  /** Set when the fast model answered because the full one failed; Retry asks the full one again. */
  fellBackFrom?: 'full';
  /** Oldest messages not sent: the conversation went whole and they did not fit the window. */
  leftOut?: number;
  firstTokenMs?: number;
  tokensPerSecond?: number;
  outputTokens?: number;
}

export interface AssistantTurn {
  role: 'assistant';
  id: string;
  text: string;
  status: AnswerStatus;
  meta: AnswerMeta;
  /** Server id of the completed response, to continue the chain with only new input. */
  responseId?: string;
  /** Why it failed or ended early, in words the user can act on. */
  error?: string;
}

export type Turn = UserTurn | AssistantTurn;

/** The router sent the answer's request to the full model (the fast one may have answered in its place). */
export function routedToFull(turn: AssistantTurn): boolean {
  return turn.meta.route === 'full' || turn.meta.fellBackFrom === 'full';
}

export interface Conversation {
  id: string;
  title: string;
  /** Wall-clock ms. */
  createdAt: number;
  updatedAt: number;
  turns: Turn[];
}

export function attachmentLabel(a: Attachment): string {
  const name = a.path.slice(a.path.lastIndexOf('/') + 1);
  if (a.startLine === undefined) return name;
  return a.endLine !== undefined && a.endLine !== a.startLine ? `${name}:${a.startLine}-${a.endLine}` : `${name}:${a.startLine}`;
}
