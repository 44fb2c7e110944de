import * as vscode from 'vscode';
import type { ContextItem } from '../../context/contextItem';
import type { LineSpan } from '../../context/contextService';
import { maskSecrets } from '../../privacy/secretScan';
import { REVIEW_SOURCE } from '../shared/reviewSource';

/** A workspace file's text as the editor holds it, what looks like a secret masked; undefined when it is denied. */
export async function readAllowed(path: string, allowed: (path: string) => boolean): Promise<string | undefined> {
  if (!allowed(path)) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  const uri = vscode.Uri.joinPath(folder.uri, path);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  try {
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    return maskSecrets(text.replace(/\r\n/g, '\n')).text;
  } catch {
    return undefined;
  }
}

/** Errors and warnings the editor reports in `around` of an open document (Flint's own review findings left out). */
export function diagnosticsNear(path: string, around: LineSpan): ContextItem[] {
  const doc = vscode.workspace.textDocuments.find((d) => vscode.workspace.asRelativePath(d.uri, false) === path);
  if (!doc) return [];
  return vscode.languages
    .getDiagnostics(doc.uri)
    .filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning && d.source !== REVIEW_SOURCE && d.range.start.line >= around.start && d.range.start.line < around.end)
    .map((d) => {
      const severity = d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning';
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      const origin = [d.source, code].filter((x) => x !== undefined && x !== '').join(' ');
      return {
        source: 'diagnostics' as const,
        path,
        line: d.range.start.line,
        text: `${severity}: ${d.message.split('\n')[0]}${origin ? ` (${origin})` : ''}`,
        distance: Math.abs(d.range.start.line - (around.start + around.end) / 2),
        ageMs: 0,
        uses: 1,
        key: `diagnostics:${path}:${d.range.start.line}:${d.message}`,
      };
    });
}
