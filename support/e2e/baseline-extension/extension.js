// The cheapest possible inline completion provider: no I/O on the keystroke path, no debounce.
// Timings taken with it are what the editor itself costs from keydown to painted ghost text.
// For a file the typing benchmark wrote with its true text beside it (`<file>.truth`), it
// answers what a perfect model would, instantly, in-process: the floor for that typist. For any
// other file it answers a fixed string.
//
// With `flintBaseline.arrivalAnswerMs` set (the typing run's floor window), it also asks where
// the cursor arrives, as Flint does: once the cursor settles at the end of a line it asks the
// editor for ghost text at once and answers that ask `arrivalAnswerMs` after it (a model's time),
// writing when the answer was handed to the editor to `flintBaseline.answerLog` (one JSON line
// per answer, the relay's log format): the editor's own time from a complete answer to ghost
// text on screen, measured the way Flint's is.
const { appendFileSync, readFileSync } = require('node:fs');
const vscode = require('vscode');
const { perfectAnswer } = require('../../../bench/e2eOracle.cjs');

const SUGGESTION = 'baselineSuggestion();';
/** Flint's quiet after a cursor move before asking (PrefetchPolicy's settleMs). */
const SETTLE_MS = 60;
const LINE_END = /^[\s)\]}"'`;,]*$/;

exports.activate = (context) => {
  /** True lines per file, read once (null: the file has no true text beside it). */
  const truths = new Map();
  const truthOf = (document) => {
    const path = `${document.uri.fsPath}.truth`;
    if (!truths.has(path)) {
      let lines = null;
      try {
        lines = readFileSync(path, 'utf8').split('\n');
      } catch {
        // An ordinary file.
      }
      truths.set(path, lines);
    }
    return truths.get(path);
  };
  const settings = () => vscode.workspace.getConfiguration('flintBaseline');
  /** The ask made where the cursor arrived: its document state, place and time. */
  let arrival;
  const edited = new WeakMap();
  let timer;

  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) edited.set(e.document, e.document.version);
    }),
    vscode.window.onDidChangeTextEditorSelection((e) => {
      const document = e.textEditor.document;
      clearTimeout(timer);
      // The cursor move that comes with an edit is no arrival.
      if (edited.get(document) === document.version) {
        edited.delete(document);
        return;
      }
      if (!(settings().get('arrivalAnswerMs') > 0) || e.selections.length !== 1 || !e.selections[0].isEmpty) return;
      const version = document.version;
      timer = setTimeout(() => {
        const editor = vscode.window.activeTextEditor;
        if (editor !== e.textEditor || document.version !== version || !editor.selection.isEmpty) return;
        const position = editor.selection.active;
        if (!LINE_END.test(document.lineAt(position.line).text.slice(position.character))) return;
        arrival = { document, version, position, at: performance.now() };
        void vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
      }, SETTLE_MS);
    }),
    vscode.languages.registerInlineCompletionItemProvider({ pattern: '**' }, {
      async provideInlineCompletionItems(document, position, ctx) {
        const here = new vscode.Range(position, position);
        const truth = document.uri.scheme === 'file' ? truthOf(document) : null;
        if (!truth) return [new vscode.InlineCompletionItem(SUGGESTION, here)];
        const doc = { count: document.lineCount, at: (i) => document.lineAt(i).text };
        const answer = perfectAnswer(truth, doc, position.line, position.character);
        const asked = arrival;
        const arrived = asked && ctx.triggerKind === vscode.InlineCompletionTriggerKind.Invoke && asked.document === document && asked.version === document.version && asked.position.isEqual(position);
        if (!arrived) return answer ? [new vscode.InlineCompletionItem(answer, here)] : [];
        arrival = undefined;
        // The answer is done when it is due, as a model's is when its last chunk leaves the
        // relay: the host waking up late (for the timer here, for the socket there) counts.
        const due = asked.at + settings().get('arrivalAnswerMs');
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const log = settings().get('answerLog');
        const tag = /flint-typing (\w+)/.exec(document.lineAt(0).text)?.[1] ?? null;
        if (log && answer) appendFileSync(log, `${JSON.stringify({ t: performance.timeOrigin + due, kind: 'end', surface: 'completion', tag, status: 'completed', text: answer })}\n`);
        return answer ? [new vscode.InlineCompletionItem(answer, here)] : [];
      },
    }),
  );
};

exports.deactivate = () => {};
