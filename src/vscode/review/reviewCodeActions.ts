import * as vscode from 'vscode';
import type { Finding } from '../../review/findingBook';
import { REVIEW_SOURCE } from '../shared/reviewSource';

export const APPLY_FIX = 'flint.review.applyFix';
export const DISMISS = 'flint.review.dismiss';

/** Arguments of the two commands: the document and the finding's id. */
export interface FindingRef {
  uri: string;
  id: string;
}

/**
 * The Quick Fixes of Flint's diagnostics: apply the finding's replacement as a pending inline
 * edit, or dismiss it for that code.
 */
export class ReviewCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly findingsOf: (document: vscode.TextDocument) => readonly Finding[]) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((d) => d.source === REVIEW_SOURCE);
    if (ours.length === 0) return [];
    const findings = this.findingsOf(document);
    const actions: vscode.CodeAction[] = [];
    for (const d of ours) {
      // Diagnostics come back as copies: match on line and message.
      const f = findings.find((x) => x.lines.start === d.range.start.line && x.message === d.message);
      if (!f) continue;
      const ref: FindingRef = { uri: document.uri.toString(), id: f.id };
      if (f.replacement !== undefined) {
        const fix = new vscode.CodeAction(`Flint: fix — ${f.message}`, vscode.CodeActionKind.QuickFix);
        fix.diagnostics = [d];
        fix.isPreferred = true;
        fix.command = { command: APPLY_FIX, title: 'Apply Flint fix', arguments: [ref] };
        actions.push(fix);
      }
      const dismiss = new vscode.CodeAction('Flint: dismiss this finding', vscode.CodeActionKind.QuickFix);
      dismiss.diagnostics = [d];
      dismiss.command = { command: DISMISS, title: 'Dismiss Flint finding', arguments: [ref] };
      actions.push(dismiss);
    }
    return actions;
  }
}
