import * as vscode from 'vscode';
import type { ContextChip, MentionItem } from '../../chat/chatProtocol';
import { attachmentLabel } from '../../chat/chatTypes';
import type { AttachedContext } from '../../chat/contextBlock';
import { formatMention, parseMentions } from '../../chat/mentions';
import { rankPaths } from '../../chat/pathMatch';
import { maskSecrets } from '../../privacy/secretScan';
import { namedFiles } from '../../router/namedFiles';
import type { Services } from '../../services';
import { isDeniedTarget } from '../shared/contextDenyList';
import { WorkspaceFiles, type GatheredFiles } from '../shared/workspaceFiles';

const FILE_LIST_CAP = 5_000;
const FILE_LIST_TTL_MS = 30_000;
const MENTION_RESULTS = 20;

export type GatheredContext = GatheredFiles;

/**
 * What the chat can see of the editor: the active selection (or visible lines) offered as a
 * removable chip, and `@file` mentions resolved to workspace files. Files on the deny list are
 * never read, never offered for completion and never attached.
 */
export class ChatEditorContext implements vscode.Disposable {
  private editor: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  private dismissed: string | undefined;
  private fileList: { at: number; paths: Promise<string[]> } | undefined;
  private readonly files: WorkspaceFiles;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly services: Services,
    onChipChange: () => void,
  ) {
    this.files = new WorkspaceFiles(services);
    this.subscriptions = [
      // The chat view taking focus leaves no active editor: remember the last one.
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e && isSourceDocument(e.document)) this.editor = e;
        onChipChange();
      }),
      // A closed tab leaves its editor object behind with stale ranges: the chip goes with it.
      vscode.window.onDidChangeVisibleTextEditors(() => onChipChange()),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor === this.editor) onChipChange();
      }),
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
        if (e.textEditor === this.editor) onChipChange();
      }),
      vscode.workspace.onDidCreateFiles(() => (this.fileList = undefined)),
      vscode.workspace.onDidDeleteFiles(() => (this.fileList = undefined)),
    ];
  }

  /** The editor that Insert and Apply act on. */
  get targetEditor(): vscode.TextEditor | undefined {
    const e = this.editor;
    return e && !e.document.isClosed && vscode.window.visibleTextEditors.includes(e) ? e : undefined;
  }

  chip(): ContextChip | undefined {
    const sel = this.selection();
    if (!sel || sel.key === this.dismissed) return undefined;
    return { label: attachmentLabel(sel.context), title: `${sel.context.path}, lines ${sel.context.startLine}-${sel.context.endLine} (attached to your next message)` };
  }

  /** Hide the chip until the selection or editor changes. */
  dismiss(): void {
    this.dismissed = this.selection()?.key;
  }

  /**
   * The selection chip, `@file` mentions, and files named in the prose: the router counts
   * those, so a request it escalates for them carries their content.
   */
  async gather(text: string): Promise<GatheredContext> {
    const sel = this.selection();
    const selected = sel && sel.key !== this.dismissed ? [this.withRelated(sel.context)] : [];
    // A named file comes whole even when part of it is the selection: the model sees all of it.
    const files = await this.files.attach(parseMentions(text), namedFiles(text));
    return { contexts: [...selected, ...files.contexts], skipped: files.skipped };
  }

  async mentionItems(query: string): Promise<MentionItem[]> {
    const denied = this.files.denyList();
    const paths = (await this.workspaceFiles()).filter((p) => !denied(p));
    return rankPaths(paths, query, MENTION_RESULTS).map((path) => ({ path, insert: formatMention(path) }));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private selection(): { key: string; context: AttachedContext } | undefined {
    const editor = this.targetEditor;
    if (!editor) return undefined;
    const doc = editor.document;
    const path = vscode.workspace.asRelativePath(doc.uri, false);
    if (isDeniedTarget(this.services, doc.uri)) return undefined;
    const range = editor.selection.isEmpty ? editor.visibleRanges[0] : editor.selection;
    if (!range) return undefined;
    // Ranges are clamped: a document edited elsewhere can end before an editor's last known range.
    const last = doc.lineCount;
    const startLine = Math.min(range.start.line + 1, last);
    // A selection ending at column 0 does not include that line.
    const endLine = Math.min(range.end.character === 0 && range.end.line > range.start.line ? range.end.line : range.end.line + 1, last);
    // A private key or token in the selection is sent as a placeholder naming its kind.
    const text = maskSecrets(doc.getText(new vscode.Range(startLine - 1, 0, endLine - 1, doc.lineAt(endLine - 1).text.length))).text;
    return {
      key: `${doc.uri.toString()}#${startLine}-${endLine}#${editor.selection.isEmpty ? 'visible' : 'selection'}`,
      context: { path, startLine, endLine, text, language: doc.languageId },
    };
  }

  /** The attached code with the definitions of the names it uses and the diagnostics in it. */
  private withRelated(context: AttachedContext): AttachedContext {
    const doc = this.targetEditor?.document;
    if (!doc || context.startLine === undefined) return context;
    const lines = doc.getText().replace(/\r\n/g, '\n').split('\n');
    const span = { start: context.startLine - 1, end: context.endLine ?? context.startLine };
    const related = this.services.context.build({ surface: 'chat', path: context.path, lines, focus: span, visible: span }).text;
    return related ? { ...context, related } : context;
  }

  private workspaceFiles(): Promise<string[]> {
    const now = this.services.now();
    if (!this.fileList || now - this.fileList.at > FILE_LIST_TTL_MS) {
      // Links that lead outside the workspace folders (or to a denied file) are never offered.
      const denied = this.files.denyList();
      const paths = vscode.workspace.findFiles('**/*', undefined, FILE_LIST_CAP).then(async (uris) => {
        const kept = await Promise.all(
          uris.map(async (u) => {
            const path = vscode.workspace.asRelativePath(u, false);
            return (await this.files.realRefusal(u, path, denied)) ? undefined : path;
          }),
        );
        return kept.filter((p): p is string => p !== undefined);
      });
      this.fileList = { at: now, paths: Promise.resolve(paths) };
    }
    return this.fileList.paths;
  }
}

function isSourceDocument(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme !== 'output' && doc.uri.scheme !== 'debug';
}
