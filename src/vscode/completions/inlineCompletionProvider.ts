import * as vscode from 'vscode';
import { systemClock } from '../../time/clock';
import { CompletionEngine } from '../../completions/completionEngine';
import { completionSettings, enabledForLanguage } from '../../completions/completionSettings';
import type { CompletionRequest, CompletionResult } from '../../completions/completionTypes';
import { GhostTextAlternatives } from '../../completions/ghostTextAlternatives';
import { OwnAsks } from '../../completions/ownAsks';
import { looksBinary } from '../../context/looksBinary';
import { maskSecrets } from '../../privacy/secretScan';
import { SecretScanner } from '../../privacy/secretScanner';
import type { NextEditGhost } from '../../nextEdit/nextEditGhost';
import type { Services } from '../../services';
import { watchArrivals } from './ghostTextArrival';

/** Internal command run by the editor after it inserted a suggestion. */
const ACCEPTED_COMMAND = 'flint.internal.completionAccepted';
/** The editor's own command to ask the providers again (shown ghost text stays until the answer). */
const ASK_AGAIN_COMMAND = 'editor.action.inlineSuggest.trigger';
/** The editor's own commands: drop the shown suggestions; show the next/previous one. */
const HIDE_COMMAND = 'editor.action.inlineSuggest.hide';
const CYCLE_COMMANDS = { next: 'editor.action.inlineSuggest.showNext', previous: 'editor.action.inlineSuggest.showPrevious' } as const;
/** Lines read around the cursor; window edges move in steps so cache keys stay put while typing. */
const WINDOW_STEP_LINES = 500;
const MIN_LINES_BEFORE = 1000;
const LINES_AFTER = 300;
/** Lines before the cursor that rank recently viewed code when no context is prepared yet. */
const NEAR_CURSOR_LINES = 30;

/** A document state and a cursor in it. */
interface At {
  uri: string;
  version: number;
  position: vscode.Position;
}

/**
 * Ghost text for every file: translates the editor's requests into engine calls and its answers
 * into inline completion items. Nothing is sent while the workspace is untrusted, for languages
 * turned off in `flint.completions.enable`, or for denied files (secret files, `files.exclude`,
 * `flint.context.denyList`); secret-looking text in what is sent is masked.
 */
export function registerCompletions(context: vscode.ExtensionContext, services: Services, nextEdit: NextEditGhost, isDenied: (target: vscode.Uri | string) => boolean): void {
  const engine = new CompletionEngine({
    client: () => services.infill(),
    settings: () => completionSettings(services.config()),
    clock: systemClock(() => services.now()),
    metrics: services.metrics,
    log: services.log,
  });
  const ghost = new GhostTextProvider(services, nextEdit, engine, isDenied);
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => ghost.changed(e)),
    { dispose: engine.onGrow(() => ghost.askAgain()) },
    watchArrivals({
      // Subtle eagerness shows ghost text only after a pause in typing or on request.
      enabled: () => services.config()['completions.prefetch'] && services.config()['completions.eagerness'] !== 'subtle',
      now: () => services.now(),
      prepareContext: (document, line) => services.context.prepareAt(vscode.workspace.asRelativePath(document.uri, false), line),
      requestAt: (document, position, signal) => ghost.requestAt(document, position, false, signal),
      prefetch: (req) => engine.prefetch(req),
      show: (editor) => ghost.askEditor(editor.document),
      moved: (document) => ghost.moved(document),
      log: services.log,
    }),
    vscode.languages.registerInlineCompletionItemProvider({ pattern: '**' }, ghost),
    vscode.commands.registerCommand(ACCEPTED_COMMAND, (entryId: number) => engine.accepted(entryId)),
    vscode.commands.registerCommand('flint.ghostText.showNext', () => ghost.cycle('next')),
    vscode.commands.registerCommand('flint.ghostText.showPrevious', () => ghost.cycle('previous')),
    { dispose: () => engine.dispose() },
  );
}

/** The editor's inline completion provider for ghost text, and what it remembers between asks. */
class GhostTextProvider implements vscode.InlineCompletionItemProvider {
  private readonly secrets = new SecretScanner();
  /** Next/previous inline suggestion asks explicitly: the shown suggestion, then alternatives. */
  private readonly cycling: GhostTextAlternatives;
  /** Documents found to be text: typing cannot make them binary, only a large paste can. */
  private readonly textDocuments = new WeakSet<vscode.TextDocument>();
  /** When the last document change was seen: the start of the figure the user feels. */
  private lastChange: { uri: string; version: number; at: number; answered: boolean } | undefined;
  /** Where the last suggestion was shown, so it is only grown in place. */
  private shownAt: At | undefined;
  /** Where the cursor last moved with no edit: the first key there has nothing to type through. */
  private movedAt: { uri: string; version: number } | undefined;
  /** Flint's own asks of the editor (explicit asks that are not the user cycling). */
  private readonly ownAsks = new OwnAsks();
  /**
   * A suggestion that grew there: the editor holds it as an explicit answer and would not ask
   * again when the user cycles, so cycling gets the alternatives first (the suggestion stays
   * shown meanwhile), then drops it and asks afresh: the answer comes at once from what is kept.
   */
  private grownAt: At | undefined;

  constructor(
    private readonly services: Services,
    private readonly nextEdit: NextEditGhost,
    engine: CompletionEngine,
    private readonly isDenied: (uri: vscode.Uri) => boolean,
  ) {
    this.cycling = new GhostTextAlternatives({ engine, count: () => services.config()['completions.alternatives'] });
  }

  async provideInlineCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    ctx: vscode.InlineCompletionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.InlineCompletionItem[] | undefined> {
    if (!vscode.workspace.isTrusted) return undefined;
    const uri = document.uri.toString();
    // A predicted next edit that inserts at the cursor is offered as ordinary ghost text.
    const predicted = this.nextEdit.ghostAt(uri, document.offsetAt(position));
    if (predicted) return [new vscode.InlineCompletionItem(predicted, new vscode.Range(position, position))];
    // The suggest widget is open: its item decides what may be shown; leave the stage to it.
    if (ctx.selectedCompletionInfo) return undefined;
    const controller = new AbortController();
    const last = this.lastChange;
    const change = last?.uri === uri && last.version === document.version && !last.answered ? last : undefined;
    const explicit = ctx.triggerKind === vscode.InlineCompletionTriggerKind.Invoke;
    // One edit since the cursor moved there: the first key at the place it arrived at.
    const arrived = this.movedAt?.uri === uri && document.version === this.movedAt.version + 1;
    const req = this.requestAt(document, position, explicit, controller.signal, change?.at, arrived);
    if (!req) return undefined;
    const onCancel = token.onCancellationRequested(() => controller.abort());
    const ownAsk = this.ownAsks.take(uri, explicit, this.services.now());
    try {
      const version = document.version;
      const results = await this.cycling.provide(req, explicit && !ownAsk);
      const result = results[0];
      // An answer for the document as it was is never shown after a later key.
      if (!result || token.isCancellationRequested || document.version !== version) return undefined;
      if (change) change.answered = true;
      this.nextEdit.ghostTextShown(uri, document.version);
      this.shownAt = { uri, version: document.version, position };
      this.grownAt = ownAsk && results.length === 1 ? this.shownAt : undefined;
      this.services.log.trace(`ghost text ${result.source} in ${result.timing.total.toFixed(1)} ms (model ${result.timing.model.toFixed(1)} ms)${results.length > 1 ? `, ${results.length - 1} alternatives` : ''}`);
      return results.map((r) => completionItem(document, position, r));
    } finally {
      onCancel.dispose();
    }
  }

  /** A document changed: remember when (and whether a large paste may have made it binary). */
  changed(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    if (e.contentChanges.some((c) => c.text.length > 256)) this.textDocuments.delete(e.document);
    this.lastChange = { uri: e.document.uri.toString(), version: e.document.version, at: this.services.now(), answered: false };
  }

  /** The cursor of `document` moved with no edit. */
  moved(document: vscode.TextDocument): void {
    this.movedAt = { uri: document.uri.toString(), version: document.version };
  }

  /** The shown suggestion grew: the editor asks again where it is shown, if the cursor is still there. */
  askAgain(): void {
    const editor = vscode.window.activeTextEditor;
    const at = this.shownAt;
    if (!editor || !at || editor.document.uri.toString() !== at.uri || editor.document.version !== at.version) return;
    if (!editor.selection.isEmpty || !editor.selection.active.isEqual(at.position)) return;
    this.shownAt = undefined;
    this.askEditor(editor.document);
  }

  /** The user asked for the next or previous suggestion. */
  async cycle(direction: keyof typeof CYCLE_COMMANDS): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const at = this.grownAt;
    this.grownAt = undefined;
    const still = () => !!editor && !!at && vscode.window.activeTextEditor === editor && editor.document.uri.toString() === at.uri && editor.document.version === at.version && editor.selection.active.isEqual(at.position);
    if (editor && at && still()) {
      await this.fetchAlternatives(editor, at.position);
      if (!still()) return;
      await vscode.commands.executeCommand(HIDE_COMMAND);
      await vscode.commands.executeCommand(ASK_AGAIN_COMMAND);
    }
    await vscode.commands.executeCommand(CYCLE_COMMANDS[direction]);
  }

  /** Asks as the user cycling does at `position` (alternatives included), until the document changes. */
  private async fetchAlternatives(editor: vscode.TextEditor, position: vscode.Position): Promise<void> {
    const cancel = new vscode.CancellationTokenSource();
    const onChange = vscode.workspace.onDidChangeTextDocument((e) => e.document === editor.document && cancel.cancel());
    try {
      const ctx = { triggerKind: vscode.InlineCompletionTriggerKind.Invoke, selectedCompletionInfo: undefined };
      await this.provideInlineCompletionItems(editor.document, position, ctx, cancel.token);
    } finally {
      onChange.dispose();
      cancel.dispose();
    }
  }

  /** Asks the editor for ghost text at the cursor of `document` as Flint's own ask (no alternatives requested). */
  askEditor(document: vscode.TextDocument): void {
    this.ownAsks.asked(document.uri.toString(), this.services.now());
    void vscode.commands.executeCommand(ASK_AGAIN_COMMAND).then(undefined, (err: unknown) => this.services.log.debug(`asking the editor for ghost text failed: ${String(err)}`));
  }

  /**
   * The engine's request for a place, or undefined when nothing may be sent from there: the
   * workspace untrusted, ghost text off for the language, a denied file or a binary one. What
   * looks like a private key or token around the cursor is masked.
   */
  requestAt(document: vscode.TextDocument, position: vscode.Position, explicit: boolean, signal: AbortSignal, changedAt?: number, arrived = false): CompletionRequest | undefined {
    if (!vscode.workspace.isTrusted) return undefined;
    const config = this.services.config();
    if (!enabledForLanguage(config['completions.enable'], document.languageId) || this.isDenied(document.uri)) return undefined;
    const { prefix, suffix } = textAround(document, position, config['context.tokenBudget']);
    if (!this.textDocuments.has(document)) {
      if (looksBinary(prefix.slice(0, 2048)) || looksBinary(suffix.slice(0, 2048))) return undefined;
      this.textDocuments.add(document);
    }
    const path = vscode.workspace.asRelativePath(document.uri, false);
    // A private key or token in the text around the cursor is sent as a placeholder naming its kind.
    const masked = this.secrets.find(prefix) || this.secrets.find(suffix) ? [maskSecrets(prefix), maskSecrets(suffix)] : undefined;
    this.services.context.noteMasked(path, masked ? [...new Set([...masked[0].kinds, ...masked[1].kinds])] : [], 'own');
    return {
      prefix: masked?.[0].text ?? prefix,
      suffix: masked?.[1].text ?? suffix,
      languageId: document.languageId,
      filePath: path,
      // Prepared at the last pause or arrival, or built for this line when that was far; re-checked against the deny list as it is now.
      snippets: () => this.services.context.ghostSnippets(path, lastLines(prefix, NEAR_CURSOR_LINES), position.line),
      explicit,
      arrived,
      signal,
      ...(changedAt === undefined ? {} : { changedAt }),
    };
  }
}

/** The editor's item for one suggestion; accepting it tells the engine. */
function completionItem(document: vscode.TextDocument, position: vscode.Position, { suggestion, entryId }: CompletionResult): vscode.InlineCompletionItem {
  // The editor compares ghost text with the document as it is, line ends included.
  const text = document.eol === vscode.EndOfLine.CRLF ? suggestion.text.replace(/\n/g, '\r\n') : suggestion.text;
  const range = new vscode.Range(position, position.translate(0, suggestion.replaceSuffix));
  return new vscode.InlineCompletionItem(text, range, { title: 'Accept', command: ACCEPTED_COMMAND, arguments: [entryId] });
}

/**
 * Prefix and suffix of the cursor, as plain `\n` text. Huge documents are read in a window whose
 * edges sit on multiples of WINDOW_STEP_LINES, so typing and Enter keep the same window (and
 * the same cache keys) and only crossing a step boundary moves it.
 */
function textAround(document: vscode.TextDocument, position: vscode.Position, tokenBudget: number): { prefix: string; suffix: string } {
  const before = Math.max(MIN_LINES_BEFORE, Math.ceil(tokenBudget / 5));
  const startLine = Math.max(0, Math.floor((position.line - before) / WINDOW_STEP_LINES) * WINDOW_STEP_LINES);
  const endLine = Math.ceil((position.line + LINES_AFTER) / WINDOW_STEP_LINES) * WINDOW_STEP_LINES;
  const end = endLine >= document.lineCount ? document.lineAt(document.lineCount - 1).range.end : new vscode.Position(endLine, 0);
  let prefix = document.getText(new vscode.Range(new vscode.Position(startLine, 0), position));
  let suffix = document.getText(new vscode.Range(position, end));
  if (document.eol === vscode.EndOfLine.CRLF) {
    prefix = prefix.replace(/\r\n/g, '\n');
    suffix = suffix.replace(/\r\n/g, '\n');
  }
  return { prefix, suffix };
}

function lastLines(text: string, n: number): string {
  let i = text.length;
  for (let k = 0; k < n && i > 0; k++) i = text.lastIndexOf('\n', i - 1);
  return text.slice(Math.max(0, i));
}
