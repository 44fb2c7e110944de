import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { LineRange } from '../../code/enclosingBlock';
import type { FileText } from '../../context/fitFiles';
import type { EditModels } from '../../rewrite/rewriteTypes';
import type { Services } from '../../services';
import type { CardView } from '../../variants/variantCard';
import { locateRegion } from '../../variants/locateRegion';
import { variantsHtml } from '../../variants/variantsHtml';
import { parseVariantsMessage, type ToVariantsView } from '../../variants/variantsProtocol';
import { VariantsRun } from '../../variants/variantsRun';
import type { InlineEdits } from '../shared/inlineEdits';
import { editTarget } from '../shared/editTarget';

/** Deltas of all cards are merged and posted at most this often. */
const DELTA_FLUSH_MS = 8;

const realTimers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface ExplorationRequest {
  document: vscode.TextDocument;
  range: LineRange;
  instruction: string;
  count: number;
  references: FileText[];
}

/**
 * One Explore Variants view: its run of rewrites streamed side by side, and picking one, which
 * makes it the ordinary pending inline edit. Closing the view or the document ends every request.
 */
export class VariantsExploration {
  private readonly panel: vscode.WebviewPanel;
  private readonly run: VariantsRun;
  private readonly document: vscode.TextDocument;
  private readonly original: string[];
  private readonly name: string;
  private readonly what: string;
  /** Deltas merged per card until the next flush; a card's state always goes after its text. */
  private readonly deltas = new Map<number, { generation: number; text: string }>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private endGeneration: (() => void) | undefined;
  private picking = false;

  constructor(
    context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly edits: InlineEdits,
    private readonly ask: ExplorationRequest,
    onDisposed: () => void,
  ) {
    const { document, range } = ask;
    const target = editTarget(document, range, services.context);
    this.document = document;
    this.original = target.lines;
    this.name = vscode.workspace.asRelativePath(document.uri);
    this.what = range.end - range.start === 1 ? `line ${range.start + 1}` : `lines ${range.start + 1}–${range.end}`;
    const media = vscode.Uri.joinPath(context.extensionUri, 'media', 'variants');
    const dist = vscode.Uri.joinPath(context.extensionUri, 'dist', 'media');
    this.panel = vscode.window.createWebviewPanel('flint.variants', `Variants: ${this.name.split('/').pop()}`, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [media, dist],
    });
    this.panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'flint.svg');
    const models: EditModels = {
      route: (request) => services.route(request),
      client: (t) => (t === 'fast' ? services.fast() : services.full()),
      contextTokens: (t) => services.config()[t === 'full' ? 'full.contextTokens' : 'router.fastContextTokens'],
    };
    this.run = new VariantsRun(
      target,
      ask.instruction,
      ask.count,
      {
        models,
        metrics: services.metrics,
        log: services.log,
        timers: realTimers,
        now: () => services.now(),
        onCard: (card) => this.cardChanged(card),
        onDelta: (index, generation, text) => this.delta(index, generation, text),
      },
      ask.references,
    );
    this.listen(onDisposed);
    this.panel.webview.html = variantsHtml({
      cspSource: this.panel.webview.cspSource,
      nonce: randomBytes(18).toString('base64'),
      styleUri: this.panel.webview.asWebviewUri(vscode.Uri.joinPath(media, 'variants.css')).toString(),
      scriptUri: this.panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'variants.js')).toString(),
    });
    services.log.info(`variants: ${ask.count} of ${this.name} ${this.what}: "${ask.instruction}"`);
    this.run.start();
  }

  dispose(): void {
    this.panel.dispose();
  }

  private listen(onDisposed: () => void): void {
    const { panel, document } = this;
    const subs: vscode.Disposable[] = [
      panel.webview.onDidReceiveMessage((raw) => this.received(raw)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d === document) panel.dispose();
      }),
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        if (e.closed.length === 0 || this.picking) return;
        const open = vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === document.uri.toString()));
        if (!open) panel.dispose();
      }),
    ];
    panel.onDidDispose(() => {
      this.run.dispose();
      this.deltas.clear();
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.updateGeneration();
      for (const s of subs) s.dispose();
      onDisposed();
    });
  }

  private received(raw: unknown): void {
    const m = parseVariantsMessage(raw);
    if (!m) return;
    switch (m.type) {
      case 'ready':
        return this.init();
      case 'pick':
        return void this.pick(m.index);
      case 'stopAll':
        this.run.stopAll();
        return this.updateGeneration();
      case 'retry':
        return this.run.retry(m.index);
      case 'redirect':
        return this.run.redirect(m.instruction, m.index);
    }
  }

  private post(m: ToVariantsView): void {
    void this.panel.webview.postMessage(m);
  }

  private cardChanged(card: CardView): void {
    this.flush();
    this.post({ type: 'card', card });
    this.updateGeneration();
  }

  private delta(index: number, generation: number, text: string): void {
    const d = this.deltas.get(index);
    if (d && d.generation === generation) d.text += text;
    else this.deltas.set(index, { generation, text });
    this.flushTimer ??= setTimeout(() => this.flush(), DELTA_FLUSH_MS);
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const [index, d] of this.deltas) {
      const card = this.run.card(index);
      if (card) this.post({ type: 'delta', index, generation: d.generation, text: d.text, card });
    }
    this.deltas.clear();
  }

  private updateGeneration(): void {
    const active = this.run.openRequests() > 0;
    if (active) this.endGeneration ??= this.services.beginGeneration();
    else {
      this.endGeneration?.();
      this.endGeneration = undefined;
    }
  }

  /**
   * Everything so far, text included: deltas posted before the view listened (or while it was
   * hidden, which unloads it) are lost, so the view starts from this.
   */
  private init(): void {
    this.deltas.clear();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const cards = this.run.cards();
    const { count, instruction } = this.ask;
    this.post({ type: 'init', title: `${count} variants of ${this.name}, ${this.what}`, instruction, original: this.original, cards, texts: cards.map((c) => this.run.text(c.index)) });
  }

  private async pick(index: number): Promise<void> {
    const { run, document, edits } = this;
    if (this.picking || run.picked !== undefined) return;
    if (document.isClosed) return this.post({ type: 'notice', text: 'The document was closed.' });
    if (edits.controller.get(document)) {
      this.post({ type: 'notice', text: `${this.name} has a pending edit: accept or reject it, then pick again.` });
      void edits.free(document);
      return;
    }
    this.picking = true;
    try {
      const t0 = this.services.now();
      const lines = await run.pick(index);
      if (!lines) return this.post({ type: 'notice', text: `Variant ${index + 1} has nothing to apply.` });
      if (await this.makePending(index, lines)) {
        this.services.log.info(`variants: variant ${index + 1} picked; pending in ${Math.round(this.services.now() - t0)} ms`);
        this.post({ type: 'picked', index });
        this.panel.dispose();
      }
    } finally {
      this.picking = false;
    }
  }

  /** The picked rewrite becomes the pending inline edit of the region, where it is now. */
  private async makePending(index: number, lines: string[]): Promise<boolean> {
    const { document } = this;
    const all = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
    const at = locateRegion(all, this.original, this.ask.range.start);
    if (at === undefined || document.isClosed) {
      this.post({ type: 'notice', text: 'The code these variants rewrite changed meanwhile, so nothing was applied. Explore again.' });
      return false;
    }
    const approach = this.run.card(index)?.approach ?? '';
    const editor = await vscode.window.showTextDocument(document, { preview: false, viewColumn: this.panel.viewColumn });
    const top = new vscode.Position(at, 0);
    editor.selection = new vscode.Selection(top, top);
    await this.edits.controller.startGiven(document, { start: at, end: at + this.original.length }, lines.join('\n'), `variant ${index + 1} (${approach})`);
    return true;
  }
}
