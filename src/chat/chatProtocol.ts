import type { AssistantTurn, UserTurn } from './chatTypes';

/**
 * Messages between the extension and the chat webview. The webview never sees the model
 * request, attached file contents or any credential: only what it displays.
 */
export type UserTurnView = Omit<UserTurn, 'content'>;
export type TurnView = UserTurnView | AssistantTurn;

export interface ContextChip {
  label: string;
  /** Tooltip: the full path and range. */
  title: string;
}

export interface MentionItem {
  path: string;
  /** What is inserted into the message, e.g. `@src/a.ts` or `@"a b.ts"`. */
  insert: string;
}

export type CodeAction = 'copy' | 'insert' | 'apply';

/** Extension to webview. */
export type HostMessage =
  | { type: 'conversation'; turns: TurnView[]; streaming: boolean }
  | { type: 'turnAdded'; turn: TurnView }
  | { type: 'delta'; turnId: string; text: string }
  | { type: 'turnUpdated'; turn: AssistantTurn }
  | { type: 'streaming'; streaming: boolean }
  | { type: 'context'; chip?: ContextChip }
  | { type: 'mentions'; query: string; items: MentionItem[] }
  /** Answer to `send`: the composer keeps the draft unless ok. */
  | { type: 'sendResult'; ok: boolean; error?: string }
  | { type: 'notice'; text: string }
  | { type: 'focus' };

/** Webview to extension. Validated by parseViewMessage before use. */
export type ViewMessage =
  | { type: 'ready' }
  | { type: 'send'; text: string }
  | { type: 'stop' }
  | { type: 'retry'; turnId: string }
  /** "Run as background task" on an answer the router sent to the full model. */
  | { type: 'runAsTask'; turnId: string }
  | { type: 'removeContext' }
  | { type: 'mentionQuery'; query: string }
  | { type: 'codeAction'; action: CodeAction; code: string; path?: string }
  | { type: 'openLink'; href: string };

export function toTurnView(turn: UserTurn | AssistantTurn): TurnView {
  if (turn.role === 'assistant') return turn;
  const { content: _omitted, ...view } = turn;
  return view;
}
