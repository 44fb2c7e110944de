import { randomBytes, randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { ChatHistoryStore } from '../../chat/chatHistoryStore';
import { chatHtml } from '../../chat/chatHtml';
import { CHAT_INSTRUCTIONS } from '../../chat/chatInstructions';
import { ChatOutbox } from '../../chat/chatOutbox';
import { toTurnView, type HostMessage, type ViewMessage } from '../../chat/chatProtocol';
import { ChatInputError, ChatSession, type ChatEvents } from '../../chat/chatSession';
import { chatTranscript, parseTaskPrefix } from '../../tasks/taskPrefix';
import type { Conversation } from '../../chat/chatTypes';
import { newConversation } from '../../chat/conversation';
import { parseViewMessage } from '../../chat/parseViewMessage';
import type { Services } from '../../services';
import { openLink, runCodeAction } from './chatCodeActions';
import { ChatEditorContext } from './chatEditorContext';
import { showChatHistory } from './chatHistoryPicker';

const SAVE_WHILE_STREAMING_MS = 1000;
const CHIP_DEBOUNCE_MS = 100;
const UNTRUSTED = 'This workspace is not trusted, so Flint sends nothing. Trust it (Workspaces: Manage Workspace Trust) to chat.';

/** The side-panel chat: webview view `flint.chat` and the commands around it. */
export function registerChat(context: vscode.ExtensionContext, services: Services): void {
  const chat = new ChatView(context, services, new ChatHistoryStore(context.workspaceState));
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider('flint.chat', chat),
    vscode.commands.registerCommand('flint.openChat', () => chat.reveal()),
    vscode.commands.registerCommand('flint.newChat', () => chat.newChat()),
    vscode.commands.registerCommand('flint.chatHistory', () => chat.history()),
    chat,
  );
}

class ChatView implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private outbox: ChatOutbox | undefined;
  private readonly session: ChatSession;
  private readonly editors: ChatEditorContext;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private chipTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ends the status bar's "generating" for the answer streaming now. */
  private endGeneration: (() => void) | undefined;
  /** The webview's script has loaded and said so; messages before that are lost. */
  private ready = false;
  private focusOnReady = false;
  /** A deleted conversation still open in the session is not saved again. */
  private discarded: string | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly store: ChatHistoryStore,
  ) {
    this.editors = new ChatEditorContext(services, () => this.scheduleChip());
    const currentId = store.currentId();
    const restored = currentId ? store.load(currentId) : undefined;
    this.session = new ChatSession(
      {
        client: (route) => (route === 'fast' ? services.fast() : services.full()),
        route: (request) => services.route(request),
        metrics: services.metrics,
        log: services.log,
        instructions: CHAT_INSTRUCTIONS,
        contextTokens: (route) => services.config()[route === 'full' ? 'full.contextTokens' : 'router.fastContextTokens'],
        newId: () => randomUUID(),
        wallClock: () => Date.now(),
      },
      this.sessionEvents(),
      restored ?? newConversation(randomUUID(), Date.now()),
    );
    void store.setCurrent(this.session.conversation.id);
    this.subscriptions.push(this.editors, vscode.workspace.onDidGrantWorkspaceTrust(() => this.post({ type: 'notice', text: '' })));
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const media = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'chat');
    const dist = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'media');
    view.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [media, dist] };
    view.webview.html = chatHtml({
      cspSource: view.webview.cspSource,
      nonce: randomBytes(18).toString('base64'),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'chat.css')).toString(),
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'chat.js')).toString(),
    });
    const outbox = new ChatOutbox((m) => void view.webview.postMessage(m), { set: setTimeout, clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) });
    this.outbox = outbox;
    const received = view.webview.onDidReceiveMessage((raw) => {
      const message = parseViewMessage(raw);
      if (!message) {
        this.services.log.warn('chat: ignored a malformed message from the webview');
        return;
      }
      this.handle(message).catch((err) => {
        const text = `Flint chat: ${err instanceof Error ? err.message : String(err)}`;
        this.services.log.error(text);
        this.post({ type: 'notice', text });
      });
    });
    // A hidden view's page is discarded; it says `ready` again when shown.
    const visibility = view.onDidChangeVisibility(() => {
      if (!view.visible) this.ready = false;
    });
    view.onDidDispose(() => {
      this.ready = false;
      visibility.dispose();
      received.dispose();
      outbox.dispose();
      if (this.view === view) this.view = this.outbox = undefined;
    });
  }

  async reveal(): Promise<void> {
    await vscode.commands.executeCommand('flint.chat.focus');
    if (this.ready) this.post({ type: 'focus' });
    else this.focusOnReady = true;
  }

  newChat(): void {
    this.open(newConversation(randomUUID(), Date.now()));
  }

  async history(): Promise<void> {
    // The list is read from the index, so the open conversation's save must land first:
    // after a reload its index entry may not have reached storage before the window closed.
    await this.persist(true);
    showChatHistory(this.store, this.session.conversation.id, {
      open: (id) => {
        const conv = this.store.load(id);
        if (conv) this.open(conv);
      },
      deleted: (id) => {
        const current = this.session.conversation.id;
        if (id !== undefined && id !== current) return;
        // Never write the deleted conversation back, not even its stopped answer.
        this.discarded = current;
        this.open(newConversation(randomUUID(), Date.now()));
      },
    });
  }

  dispose(): void {
    this.endGeneration?.();
    void this.persist(true);
    clearTimeout(this.saveTimer);
    clearTimeout(this.chipTimer);
    for (const s of this.subscriptions) s.dispose();
  }

  private open(conv: Conversation): void {
    void this.persist(true);
    this.session.replace(conv);
    void this.store.setCurrent(conv.id);
    this.postSnapshot();
  }

  private async handle(m: ViewMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        this.ready = true;
        this.postSnapshot();
        this.post({ type: 'context', chip: this.editors.chip() });
        if (!vscode.workspace.isTrusted) this.post({ type: 'notice', text: UNTRUSTED });
        if (this.focusOnReady) this.post({ type: 'focus' });
        this.focusOnReady = false;
        return;
      case 'send':
        return this.send(m.text);
      case 'stop':
        this.session.stop();
        return;
      case 'retry':
        if (!vscode.workspace.isTrusted) this.post({ type: 'notice', text: UNTRUSTED });
        else this.session.retry(m.turnId);
        return;
      case 'removeContext':
        this.editors.dismiss();
        this.post({ type: 'context', chip: undefined });
        return;
      case 'mentionQuery':
        this.post({ type: 'mentions', query: m.query, items: await this.editors.mentionItems(m.query) });
        return;
      case 'codeAction':
        this.post({ type: 'notice', text: await runCodeAction(m.action, m.code, m.path, this.editors, this.services) });
        return;
      case 'openLink': {
        const refused = await openLink(m.href);
        if (refused) this.post({ type: 'notice', text: refused });
        return;
      }
    }
  }

  private async send(text: string): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      this.post({ type: 'sendResult', ok: false, error: UNTRUSTED });
      return;
    }
    const task = parseTaskPrefix(text);
    if (task !== undefined) return this.startTask(task);
    const { contexts, skipped } = await this.editors.gather(text);
    try {
      this.session.send({ text, contexts });
    } catch (err) {
      if (!(err instanceof ChatInputError)) throw err;
      this.post({ type: 'sendResult', ok: false, error: err.message });
      return;
    }
    this.post({ type: 'sendResult', ok: true });
    // The selection went with this message; follow-ups do not resend it unless it changes.
    this.editors.dismiss();
    this.post({ type: 'context', chip: undefined });
    if (skipped.length > 0) this.post({ type: 'notice', text: `Not attached: ${skipped.join('; ')}.` });
  }

  /** `/task …`: a background task with the chat so far, instead of a chat message. */
  private async startTask(instruction: string): Promise<void> {
    if (instruction === '') {
      this.post({ type: 'sendResult', ok: false, error: 'Type the task after /task.' });
      return;
    }
    const id = await vscode.commands.executeCommand<string | undefined>('flint.tasks.start', instruction, { conversation: chatTranscript(this.session.conversation.turns) });
    this.post({ type: 'sendResult', ok: id !== undefined, ...(id === undefined && { error: 'The background task did not start (see the notification).' }) });
    if (id !== undefined) this.post({ type: 'notice', text: `Background task started: ${instruction}. The Tasks view shows it.` });
  }

  private sessionEvents(): ChatEvents {
    return {
      turnAdded: (turn) => this.post({ type: 'turnAdded', turn: toTurnView(turn) }),
      delta: (turnId, text) => this.outbox?.delta(turnId, text),
      turnUpdated: (turn) => this.post({ type: 'turnUpdated', turn: { ...turn } }),
      changed: (_conv, urgent) => void this.persist(urgent),
      streamingChanged: (streaming) => {
        this.endGeneration?.();
        this.endGeneration = streaming ? this.services.beginGeneration() : undefined;
        this.post({ type: 'streaming', streaming });
      },
    };
  }

  private postSnapshot(): void {
    this.post({ type: 'conversation', turns: this.session.conversation.turns.map(toTurnView), streaming: this.session.streaming });
  }

  private post(message: HostMessage): void {
    this.outbox?.send(message);
  }

  /** Saved at once when a turn starts or ends; while text streams, at most once a second. */
  private persist(urgent: boolean): Promise<void> {
    if (!urgent) {
      this.saveTimer ??= setTimeout(() => void this.persist(true), SAVE_WHILE_STREAMING_MS);
      return Promise.resolve();
    }
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const conv = this.session.conversation;
    if (conv.turns.length === 0 || conv.id === this.discarded) return Promise.resolve();
    // A snapshot: the live conversation keeps changing while the write is queued.
    return this.store.save(structuredClone(conv)).catch((err: unknown) => this.services.log.error(`chat: could not save the conversation: ${String(err)}`));
  }

  private scheduleChip(): void {
    clearTimeout(this.chipTimer);
    this.chipTimer = setTimeout(() => this.post({ type: 'context', chip: this.editors.chip() }), CHIP_DEBOUNCE_MS);
  }
}
