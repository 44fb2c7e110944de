import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { LineRange } from '../context/enclosingBlock';
import type { FileText } from '../context/fitFiles';
import { InstructionHistory } from '../edits/instructionHistory';
import type { EditModels } from '../rewrite/rewriteTypes';
import { sameFile } from '../router/fileMentions';
import { namedFiles } from '../router/namedFiles';
import type { Services } from '../services';
import { locateRegion } from '../variants/locateRegion';
import { clampVariantCount } from '../variants/variantApproaches';
import { variantsHtml } from '../variants/variantsHtml';
import { parseVariantsPrefix } from '../variants/variantsPrefix';
import { parseVariantsMessage, type ToVariantsView } from '../variants/variantsProtocol';
import { VariantsRun } from '../variants/variantsRun';
import type { InlineEdits } from './editCommands';
import { askInstruction } from './editInstructionInput';
import { editTarget, selectedLines, sendRefusal, writeRefusal } from './editTarget';
import { WorkspaceFiles } from './workspaceFiles';

/** Instructions typed for inline edits; variants offer them too (read only here). */
const HISTORY_KEY = 'flint.edit.history';
/** Deltas of all cards are merged and posted at most this often. */
const DELTA_FLUSH_MS = 8;

/** Arguments of `flint.exploreVariants` (the inline-edit box passes them for `/variants N`). */
export interface ExploreArgs {
  uri?: string;
  range?: LineRange;
  instruction?: string;
  count?: number;
}

interface Exploration {
  panel: vscode.WebviewPanel;
  run: VariantsRun;
  document: vscode.TextDocument;
  original: string[];
  startLine: number;
  endGeneration?: () => void;
  dispose(): void;
}

const realTimers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Explore Variants: several rewrites of the selection streamed side by side in a view in the
 * editor area; picking one makes it the ordinary pending inline edit. Closing the view or the
 * document ends every request.
 */
export function registerVariants(context: vscode.ExtensionContext, services: Services, edits: InlineEdits): void {
  let current: Exploration | undefined;
  const files = new WorkspaceFiles(services);

  async function explore(args?: ExploreArgs): Promise<void> {
    const document = args?.uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === args.uri) : vscode.window.activeTextEditor?.document;
    const editor = vscode.window.activeTextEditor;
    if (!document || !editor) {
      void vscode.window.showInformationMessage('Flint: open a file and select the code to explore variants of.');
      return;
    }
    if (!(await edits.free(document))) return;
    const refusal = sendRefusal(document, services) ?? (await writeRefusal(document));
    if (refusal) {
      const actions = vscode.workspace.isTrusted ? [] : ['Manage Workspace Trust'];
      const pick = await vscode.window.showWarningMessage(`Flint: ${refusal}`, ...actions);
      if (pick) void vscode.commands.executeCommand('workbench.trust.manage');
      return;
    }
    const range = args?.range ?? selectedLines(editor);
    const configured = services.config()['variants.count'];
    let count = clampVariantCount(args?.count ?? configured);
    let instruction = args?.instruction || undefined;
    if (instruction === undefined) {
      const what = range.end - range.start === 1 ? `line ${range.start + 1}` : `lines ${range.start + 1}–${range.end}`;
      const history = new InstructionHistory(context.globalState.get<unknown[]>(HISTORY_KEY) ?? []);
      instruction = await askInstruction({ title: `Flint: explore ${count} variants of ${what}`, history: history.items() });
      if (!instruction) return;
      const prefixed = parseVariantsPrefix(instruction, count);
      if (prefixed) ({ count, instruction } = prefixed);
    }
    if (!instruction || document.isClosed) return;
    const self = vscode.workspace.asRelativePath(document.uri, false);
    const others = namedFiles(instruction).filter((n) => !sameFile(n, self));
    let references: FileText[] = [];
    if (others.length > 0) {
      try {
        const found = await files.attach([], others);
        for (const s of found.skipped) services.log.info(`variants: not sending ${s}`);
        references = found.contexts;
      } catch (err) {
        services.log.warn(`variants: could not read the files the instruction names: ${String(err)}`);
      }
    }
    current?.dispose();
    current = open(document, range, instruction, count, references);
  }

  function open(document: vscode.TextDocument, range: LineRange, instruction: string, count: number, references: FileText[]): Exploration {
    const target = editTarget(document, range, services.context);
    const name = vscode.workspace.asRelativePath(document.uri);
    const what = range.end - range.start === 1 ? `line ${range.start + 1}` : `lines ${range.start + 1}–${range.end}`;
    const media = vscode.Uri.joinPath(context.extensionUri, 'media', 'variants');
    const dist = vscode.Uri.joinPath(context.extensionUri, 'dist', 'media');
    const panel = vscode.window.createWebviewPanel('flint.variants', `Variants: ${name.split('/').pop()}`, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [media, dist],
    });
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'flint.svg');
    const post = (m: ToVariantsView) => void panel.webview.postMessage(m);

    // Deltas are merged per card and posted together; a card's state always goes after its text.
    const pending = new Map<number, { generation: number; text: string }>();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = undefined;
      for (const [index, d] of pending) {
        const card = run.card(index);
        if (card) post({ type: 'delta', index, generation: d.generation, text: d.text, card });
      }
      pending.clear();
    };
    const models: EditModels = {
      route: (request) => services.route(request),
      client: (t) => (t === 'fast' ? services.fast() : services.full()),
      contextTokens: (t) => services.config()[t === 'full' ? 'full.contextTokens' : 'router.fastContextTokens'],
    };
    const run: VariantsRun = new VariantsRun(
      target,
      instruction,
      count,
      {
        models,
        metrics: services.metrics,
        log: services.log,
        timers: realTimers,
        now: () => services.now(),
        onCard: (card) => {
          flush();
          post({ type: 'card', card });
          updateGeneration();
        },
        onDelta: (index, generation, text) => {
          const d = pending.get(index);
          if (d && d.generation === generation) d.text += text;
          else pending.set(index, { generation, text });
          flushTimer ??= setTimeout(flush, DELTA_FLUSH_MS);
        },
      },
      references,
    );

    const exploration: Exploration = {
      panel,
      run,
      document,
      original: target.lines,
      startLine: range.start,
      dispose: () => panel.dispose(),
    };
    const updateGeneration = () => {
      const active = run.openRequests() > 0;
      if (active) exploration.endGeneration ??= services.beginGeneration();
      else {
        exploration.endGeneration?.();
        exploration.endGeneration = undefined;
      }
    };
    // Everything so far, text included: deltas posted before the view listened (or while it was
    // hidden, which unloads it) are lost, so the view starts from this.
    const init = () => {
      pending.clear();
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = undefined;
      const cards = run.cards();
      post({ type: 'init', title: `${count} variants of ${name}, ${what}`, instruction, original: target.lines, cards, texts: cards.map((c) => run.text(c.index)) });
    };

    let picking = false;
    const pick = async (index: number) => {
      if (picking || run.picked !== undefined) return;
      if (document.isClosed) return post({ type: 'notice', text: 'The document was closed.' });
      if (edits.controller.get(document)) {
        post({ type: 'notice', text: `${name} has a pending edit: accept or reject it, then pick again.` });
        void edits.free(document);
        return;
      }
      picking = true;
      try {
        const t0 = services.now();
        const lines = await run.pick(index);
        if (!lines) {
          post({ type: 'notice', text: `Variant ${index + 1} has nothing to apply.` });
          return;
        }
        const all = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
        const at = locateRegion(all, exploration.original, exploration.startLine);
        if (at === undefined || document.isClosed) {
          post({ type: 'notice', text: 'The code these variants rewrite changed meanwhile, so nothing was applied. Explore again.' });
          return;
        }
        const approach = run.card(index)?.approach ?? '';
        const editor = await vscode.window.showTextDocument(document, { preview: false, viewColumn: panel.viewColumn });
        const top = new vscode.Position(at, 0);
        editor.selection = new vscode.Selection(top, top);
        await edits.controller.startGiven(document, { start: at, end: at + exploration.original.length }, lines.join('\n'), `variant ${index + 1} (${approach})`);
        services.log.info(`variants: variant ${index + 1} picked; pending in ${Math.round(services.now() - t0)} ms`);
        post({ type: 'picked', index });
        panel.dispose();
      } finally {
        picking = false;
      }
    };

    const subs: vscode.Disposable[] = [
      panel.webview.onDidReceiveMessage((raw) => {
        const m = parseVariantsMessage(raw);
        if (!m) return;
        switch (m.type) {
          case 'ready':
            return init();
          case 'pick':
            return void pick(m.index);
          case 'stopAll':
            run.stopAll();
            return updateGeneration();
          case 'retry':
            return run.retry(m.index);
          case 'redirect':
            return run.redirect(m.instruction, m.index);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d === document) panel.dispose();
      }),
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        if (e.closed.length === 0 || picking) return;
        const open = vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === document.uri.toString()));
        if (!open) panel.dispose();
      }),
    ];
    panel.onDidDispose(() => {
      run.dispose();
      pending.clear();
      if (flushTimer) clearTimeout(flushTimer);
      updateGeneration();
      for (const s of subs) s.dispose();
      if (current === exploration) current = undefined;
    });

    panel.webview.html = variantsHtml({
      cspSource: panel.webview.cspSource,
      nonce: randomBytes(18).toString('base64'),
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(media, 'variants.css')).toString(),
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'variants.js')).toString(),
    });
    services.log.info(`variants: ${count} of ${name} ${what}: "${instruction}"`);
    run.start();
    return exploration;
  }

  context.subscriptions.push(
    vscode.commands.registerCommand('flint.exploreVariants', (args?: ExploreArgs) => explore(args)),
    { dispose: () => current?.dispose() },
  );
}
