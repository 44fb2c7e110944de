import * as vscode from 'vscode';
import { DismissedCode } from '../../review/dismissedCode';
import { lineEditOf } from '../../review/lineEdit';
import { PauseScheduler } from '../../review/pauseScheduler';
import { isReviewedScheme } from '../../review/reviewedScheme';
import { ReviewRunner, type ReviewDocument } from '../../review/reviewRunner';
import type { Services } from '../../services';
import type { InlineEdits } from '../shared/inlineEdits';
import { sendRefusal, writeRefusal } from '../shared/editTarget';
import { APPLY_FIX, DISMISS, ReviewCodeActions, type FindingRef } from './reviewCodeActions';
import { ReviewDiagnostics } from './reviewDiagnostics';
import { needsInstructions } from '../shared/needsInstructions';

const DISMISSED_KEY = 'flint.review.dismissed';
/** Least time between two automatic reviews of one file with the onPause trigger. */
const MIN_INTERVAL_MS = 5000;

/**
 * Review as you go: after a save (or a pause in typing) the lines changed since the last review
 * go to the fast model; its findings become Flint diagnostics with a Quick Fix (a pending
 * inline edit) and a Dismiss. Editing a flagged line withdraws its finding at once.
 */
export function registerReview(context: vscode.ExtensionContext, services: Services, edits: InlineEdits): void {
  const review = new ReviewCommands(context, services, edits);
  const { runner, scheduler } = review;
  context.subscriptions.push(
    review.diagnostics,
    { dispose: () => scheduler.dispose() },
    vscode.workspace.onDidChangeTextDocument((e) => review.onChange(e)),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (services.config()['review.trigger'] === 'onSave') void review.review(document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => review.onClose(document)),
    vscode.languages.onDidChangeDiagnostics((e) => {
      // The language server's diagnostics changed: a finding may now repeat one of them.
      for (const uri of e.uris) if (runner.findings(uri.toString()).length > 0) review.publish(uri.toString());
    }),
    vscode.languages.registerCodeActionsProvider('*', new ReviewCodeActions((d) => runner.findings(d.uri.toString())), ReviewCodeActions.metadata),
    vscode.commands.registerCommand(APPLY_FIX, (ref?: FindingRef) => review.applyFix(ref)),
    vscode.commands.registerCommand(DISMISS, (ref?: FindingRef) => review.dismiss(ref)),
    vscode.commands.registerCommand('flint.reviewChanges', needsInstructions(services, 'Reviews', () => review.reviewNow())),
  );
  const unsubscribe = services.onConfigChange((config) => {
    if (config['review.trigger'] !== 'onPause') scheduler.dispose();
  });
  context.subscriptions.push({ dispose: unsubscribe });
}

/** The review runner in the editor: which documents it reviews, when, and what its commands do. */
class ReviewCommands {
  readonly diagnostics = new ReviewDiagnostics();
  readonly runner: ReviewRunner;
  readonly scheduler: PauseScheduler;
  private readonly dismissed: DismissedCode;
  private readonly documents = new Map<string, vscode.TextDocument>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly edits: InlineEdits,
  ) {
    this.dismissed = new DismissedCode(context.workspaceState.get<unknown[]>(DISMISSED_KEY) ?? []);
    this.runner = new ReviewRunner({
      client: () => services.fast(),
      log: services.log,
      metrics: services.metrics,
      beginGeneration: () => services.beginGeneration(),
      dismissed: this.dismissed,
      publish: (key) => this.publish(key),
      context: (doc, lines, hunk) => services.context.build({ surface: 'review', path: doc.path, lines, focus: hunk.lines, visible: hunk.context }).text,
    });
    this.scheduler = new PauseScheduler(
      { now: () => services.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
      () => ({ pauseMs: services.config()['review.pauseMs'], minIntervalMs: MIN_INTERVAL_MS }),
      (key) => {
        const document = this.documents.get(key);
        if (document && services.config()['review.trigger'] === 'onPause') void this.review(document);
      },
    );
  }

  publish(key: string): void {
    const document = this.documents.get(key);
    if (!document || document.isClosed) return;
    const book = this.runner.book(key);
    this.diagnostics.publish(document, book.all(), (others) => book.visible(others));
  }

  /** Reviews what changed since the last review, when the document may be sent. */
  async review(document: vscode.TextDocument): Promise<void> {
    const { runner, services } = this;
    const key = document.uri.toString();
    if (document.isClosed || !isReviewedScheme(document.uri.scheme) || !runner.hasChanges(key)) return;
    // A pending edit's preview is in the document: review once it is settled.
    if (this.edits.controller.get(document)) return;
    const refusal = this.refusalOf(document);
    if (refusal) {
      runner.discardChanges(key);
      services.log.debug(`review: ${refusal}`);
      return;
    }
    this.documents.set(key, document);
    try {
      await runner.review(view(document));
    } catch (err) {
      services.log.error(err instanceof Error ? err : String(err));
    }
  }

  onChange(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0 || !isReviewedScheme(e.document.uri.scheme)) return;
    const key = e.document.uri.toString();
    this.documents.set(key, e.document);
    const lineEdits = e.contentChanges.map((c) => lineEditOf(c.range.start.line, c.range.end.line, c.text));
    // Before anything else: findings on the lines just changed go away now.
    if (this.runner.edit(key, lineEdits)) this.publish(key);
    if (this.services.config()['review.trigger'] === 'onPause') this.scheduler.changed(key);
  }

  onClose(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    this.runner.forget(key);
    this.scheduler.forget(key);
    this.documents.delete(key);
    this.diagnostics.clear(document.uri);
  }

  async applyFix(ref?: FindingRef): Promise<void> {
    const { runner, edits } = this;
    const target = this.findingFor(ref);
    const finding = target && runner.book(target.document.uri.toString()).get(target.id);
    if (!target || !finding || finding.replacement === undefined) {
      void vscode.window.showInformationMessage('Flint: that finding is gone (its lines changed since the review).');
      return;
    }
    const { document } = target;
    if (!(await edits.free(document))) return;
    const refusal = await writeRefusal(document);
    if (refusal) {
      void vscode.window.showWarningMessage(`Flint: ${refusal}`);
      return;
    }
    // Still there after the questions above (the lines may have changed meanwhile).
    const now = runner.book(document.uri.toString()).get(finding.id);
    if (!now || now.replacement === undefined) return;
    await edits.controller.startGiven(document, now.lines, now.replacement, 'review fix');
  }

  dismiss(ref?: FindingRef): void {
    const target = this.findingFor(ref);
    if (!target) return;
    const key = target.document.uri.toString();
    if (this.runner.book(key).dismiss(target.id)) {
      void this.context.workspaceState.update(DISMISSED_KEY, this.dismissed.toJSON());
      this.publish(key);
    }
  }

  async reviewNow(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    if (!document) {
      void vscode.window.showInformationMessage('Flint: open a file to review.');
      return;
    }
    const refusal = this.refusalOf(document);
    if (refusal) {
      void vscode.window.showWarningMessage(`Flint: ${refusal}`);
      return;
    }
    const key = document.uri.toString();
    // Nothing changed since the last review: review the whole file.
    if (!this.runner.hasChanges(key)) {
      this.documents.set(key, document);
      if (this.runner.edit(key, [{ start: 0, end: document.lineCount - 1, lines: document.lineCount }])) this.publish(key);
    }
    await this.review(document);
  }

  /** Why this document may not be reviewed, or undefined when it may. */
  private refusalOf(document: vscode.TextDocument): string | undefined {
    const refusal = sendRefusal(document, this.services);
    if (refusal) return refusal;
    if (document.uri.scheme !== 'untitled' && !vscode.workspace.getWorkspaceFolder(document.uri)) {
      return `Flint does not review ${document.uri.scheme === 'file' ? document.uri.fsPath : document.uri.path}: it is outside the workspace folders.`;
    }
    return undefined;
  }

  private findingFor(ref: FindingRef | undefined): { document: vscode.TextDocument; id: string } | undefined {
    const document = ref && this.documents.get(ref.uri);
    return document && !document.isClosed ? { document, id: ref.id } : undefined;
  }
}

function view(document: vscode.TextDocument): ReviewDocument {
  return {
    key: document.uri.toString(),
    path: vscode.workspace.asRelativePath(document.uri, false),
    languageId: document.languageId,
    lines: () => document.getText().split(/\r?\n/),
  };
}
