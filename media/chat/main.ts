import type { HostMessage, ViewMessage } from '../../src/chat/chatProtocol';
import { codeOfBlock } from './codeOfBlock';
import { Composer } from './composer';
import { DeferredHighlight } from './markdown/deferredHighlight';
import { Highlighter } from './markdown/highlighter';
import { Transcript } from './transcript';

interface WebviewApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): WebviewApi;

/** Shows what the extension sends. */
function onHostMessage(m: HostMessage, transcript: Transcript, composer: Composer, setStreaming: (value: boolean) => void): void {
  switch (m.type) {
    case 'conversation':
      transcript.reset(m.turns);
      setStreaming(m.streaming);
      return;
    case 'turnAdded':
      return transcript.add(m.turn);
    case 'delta':
      return transcript.delta(m.turnId, m.text);
    case 'turnUpdated':
      return transcript.update(m.turn);
    case 'streaming':
      return setStreaming(m.streaming);
    case 'context':
      return composer.setChip(m.chip);
    case 'mentions':
      return composer.showMentions(m.query, m.items);
    case 'sendResult':
      return composer.sendResult(m.ok, m.error);
    case 'notice':
      return composer.notice(m.text);
    case 'focus':
      return composer.focus();
  }
}

/** A click in the transcript: a link, a retry or run-as-task button, or a code block's copy / insert / apply. */
function onTranscriptClick(event: MouseEvent, post: (m: ViewMessage) => void): void {
  const target = event.target as Element;
  const link = target.closest('a');
  if (link) {
    // Never navigate the webview: the extension opens web links after VS Code's own prompt.
    event.preventDefault();
    const href = link.getAttribute('href');
    if (href) post({ type: 'openLink', href });
    return;
  }
  const button = target.closest('button');
  if (!button) return;
  if (button.dataset.retry) {
    post({ type: 'retry', turnId: button.dataset.retry });
    return;
  }
  if (button.dataset.task) {
    post({ type: 'runAsTask', turnId: button.dataset.task });
    return;
  }
  const action = button.dataset.action;
  const block = button.closest<HTMLElement>('.code-block');
  const code = block ? codeOfBlock(block) : undefined;
  if ((action === 'copy' || action === 'insert' || action === 'apply') && code != null) {
    post({ type: 'codeAction', action, code, ...(block?.dataset.path ? { path: block.dataset.path } : {}) });
  }
}

/** The chat webview: renders what the extension sends, reports what the user does. */
function start(api: WebviewApi): void {
  const post = (m: ViewMessage) => api.postMessage(m);
  const saved = api.getState() as { draft?: string } | undefined;
  let streaming = false;

  const whenIdle = (cb: (idle: IdleDeadline) => void) => requestIdleCallback(cb, { timeout: 2000 });
  const highlighter = new Highlighter();
  const transcript = new Transcript((cb) => requestAnimationFrame(cb), highlighter, new DeferredHighlight(highlighter, whenIdle));
  const composer = new Composer(
    {
      send: (text) => post({ type: 'send', text }),
      stop: () => post({ type: 'stop' }),
      removeContext: () => post({ type: 'removeContext' }),
      mentionQuery: (query) => post({ type: 'mentionQuery', query }),
      // Kept by the webview itself, so a hidden and re-shown view still has the draft.
      draftChanged: (draft) => api.setState({ draft }),
    },
    saved?.draft ?? '',
  );
  const app = document.getElementById('app') ?? document.body;
  app.replaceChildren(transcript.element, composer.element);

  const setStreaming = (value: boolean) => {
    streaming = value;
    composer.setStreaming(value);
  };

  window.addEventListener('message', (event: MessageEvent) => onHostMessage(event.data as HostMessage, transcript, composer, setStreaming));
  transcript.element.addEventListener('click', (event) => onTranscriptClick(event, post));
  // Middle-click would open a link in a new window without asking.
  transcript.element.addEventListener('auxclick', (event) => {
    if ((event.target as Element).closest('a')) event.preventDefault();
  });

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && streaming && !event.defaultPrevented) {
      event.preventDefault();
      post({ type: 'stop' });
    }
  });

  post({ type: 'ready' });
  // Marked on the page so tests can wait for it; nothing reads it otherwise.
  highlighter.warmUp(whenIdle, () => (document.body.dataset.highlighter = 'ready'));
}

start(acquireVsCodeApi());
