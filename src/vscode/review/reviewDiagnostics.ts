import * as vscode from 'vscode';
import type { Finding } from '../../review/findingBook';
import { findingSpan } from '../../review/findingSpan';
import type { OtherDiagnostic } from '../../review/repeatsOther';
import type { Severity } from '../../review/reviewReply';
import { REVIEW_SOURCE } from '../shared/reviewSource';

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/**
 * Shows review findings as diagnostics (source "Flint": squiggles, Problems panel), leaving
 * out those another source already reports on the same lines.
 */
export class ReviewDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('flint-review');
  /** What was last set per document, so our own change event does not set it again. */
  private readonly shown = new Map<string, string>();

  /** Shows the document's findings; returns the diagnostics set. */
  publish(document: vscode.TextDocument, findings: readonly Finding[], filter: (others: OtherDiagnostic[]) => Finding[]): void {
    const visible = findings.length === 0 ? [] : filter(otherDiagnostics(document.uri));
    const key = document.uri.toString();
    const signature = visible.map((f) => `${f.id}@${f.lines.start}-${f.lines.end}`).join(',');
    if (this.shown.get(key) === signature) return;
    this.shown.set(key, signature);
    this.collection.set(document.uri, visible.map((f) => toDiagnostic(document, f)));
  }

  clear(uri: vscode.Uri): void {
    this.shown.delete(uri.toString());
    this.collection.delete(uri);
  }

  dispose(): void {
    this.collection.dispose();
  }
}

/** The finding's squiggle: its lines, from the first non-blank character to the end of the last. */
export function findingRange(document: vscode.TextDocument, f: Finding): vscode.Range {
  const s = findingSpan(f.lines, document.lineCount, (i) => document.lineAt(i).text);
  return new vscode.Range(s.startLine, s.startCharacter, s.endLine, s.endCharacter);
}

function toDiagnostic(document: vscode.TextDocument, f: Finding): vscode.Diagnostic {
  const d = new vscode.Diagnostic(findingRange(document, f), f.message, SEVERITY[f.severity]);
  d.source = REVIEW_SOURCE;
  return d;
}

function otherDiagnostics(uri: vscode.Uri): OtherDiagnostic[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source !== REVIEW_SOURCE)
    .map((d) => ({ lines: { start: d.range.start.line, end: d.range.end.line + 1 }, message: d.message }));
}
