import * as vscode from 'vscode';
import { systemClock } from '../completions/clock';
import { CompletionEngine } from '../completions/completionEngine';
import { completionSettings, enabledForLanguage } from '../completions/completionSettings';
import { looksBinary } from '../context/looksBinary';
import { findSecret } from '../context/secretScan';
import { SnippetRing } from '../context/snippetRing';
import type { Services } from '../services';
import { watchDenyList } from './contextDenyList';
import { trackRecentFiles } from './contextRecentFiles';
import { GHOST_TEXT_SHOWN_COMMAND, NEXT_EDIT_GHOST_COMMAND } from './nextEditHooks';

/** Internal command run by the editor after it inserted a suggestion. */
const ACCEPTED_COMMAND = 'flint.internal.completionAccepted';
/** Lines read around the cursor; window edges move in steps so cache keys stay put while typing. */
const WINDOW_STEP_LINES = 500;
const MIN_LINES_BEFORE = 1000;
const LINES_AFTER = 300;
/** Lines before the cursor that rank snippets from other files. */
const NEAR_CURSOR_LINES = 30;

/**
 * Ghost text for every file: translates the editor's requests into engine calls and its answers
 * into inline completion items. Nothing is sent while the workspace is untrusted, for languages
 * turned off in `flint.completions.enable`, or for denied files (secrets, `files.exclude`,
 * `flint.context.denyList`).
 */
export function registerCompletions(context: vscode.ExtensionContext, services: Services): void {
  const ring = new SnippetRing();
  const isDenied = watchDenyList(context, services);
  trackRecentFiles(context, ring, isDenied);
  const engine = new CompletionEngine({
    client: () => services.infill?.() ?? services.fast(),
    settings: () => completionSettings(services.config()),
    clock: systemClock(() => services.now()),
    metrics: services.metrics,
    log: services.log,
  });

  const provider: vscode.InlineCompletionItemProvider = {
    async provideInlineCompletionItems(document, position, ctx, token) {
      if (!vscode.workspace.isTrusted) return undefined;
      // A predicted next edit that inserts at the cursor is offered as ordinary ghost text.
      const predicted = await vscode.commands.executeCommand<string | undefined>(NEXT_EDIT_GHOST_COMMAND, document.uri.toString(), document.offsetAt(position));
      if (predicted) return [new vscode.InlineCompletionItem(predicted, new vscode.Range(position, position))];
      const config = services.config();
      if (!enabledForLanguage(config['completions.enable'], document.languageId)) return undefined;
      // The suggest widget is open: its item decides what may be shown; leave the stage to it.
      if (ctx.selectedCompletionInfo) return undefined;
      if (isDenied(document.uri)) return undefined;
      const { prefix, suffix } = textAround(document, position, config['context.tokenBudget']);
      if (looksBinary(prefix.slice(0, 2048)) || looksBinary(suffix.slice(0, 2048))) return undefined;
      // A private key or token in the text around the cursor: nothing of it is sent.
      if (findSecret(prefix) || findSecret(suffix)) return undefined;
      const controller = new AbortController();
      const onCancel = token.onCancellationRequested(() => controller.abort());
      const path = vscode.workspace.asRelativePath(document.uri, false);
      try {
        const result = await engine.provide({
          prefix,
          suffix,
          languageId: document.languageId,
          filePath: path,
          // Snippet paths are workspace-relative: re-checked against the deny list as it is now.
          snippets: () => ring.select(path, lastLines(prefix, NEAR_CURSOR_LINES), (p) => !isDenied(p)),
          explicit: ctx.triggerKind === vscode.InlineCompletionTriggerKind.Invoke,
          signal: controller.signal,
        });
        if (!result || token.isCancellationRequested) return undefined;
        const { text, replaceSuffix } = result.suggestion;
        const range = new vscode.Range(position, position.translate(0, replaceSuffix));
        void vscode.commands.executeCommand(GHOST_TEXT_SHOWN_COMMAND, document.uri.toString(), document.version);
        services.log.trace(`ghost text ${result.source} in ${result.timing.total.toFixed(1)} ms (model ${result.timing.model.toFixed(1)} ms)`);
        return [new vscode.InlineCompletionItem(text, range, { title: 'Accept', command: ACCEPTED_COMMAND, arguments: [result.entryId] })];
      } finally {
        onCancel.dispose();
      }
    },
  };

  context.subscriptions.push(
    vscode.languages.registerInlineCompletionItemProvider({ pattern: '**' }, provider),
    vscode.commands.registerCommand(ACCEPTED_COMMAND, (entryId: number) => engine.accepted(entryId)),
    { dispose: () => engine.dispose() },
  );
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
