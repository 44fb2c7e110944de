import * as vscode from 'vscode';
import { InstructionHistory } from '../../edits/instructionHistory';
import type { Services } from '../../services';
import { parseTaskPrefix } from '../../tasks/taskPrefix';
import { parseVariantsPrefix } from '../../variants/variantsPrefix';
import { EditCodeLens } from './editCodeLens';
import { EditController } from './editController';
import { EditDecorations } from './editDecorations';
import { askInstruction } from '../shared/editInstructionInput';
import { linesOf, mayEdit, selectedLines, wholeDocument, writeRefusal } from '../shared/editTarget';
import { outsideMessage, realLocation } from '../shared/workspacePath';
import type { InlineEdits } from '../shared/inlineEdits';
import { needsInstructions } from '../shared/needsInstructions';

const HISTORY_KEY = 'flint.edit.history';

/** Arguments of `flint.applyToFile` (called by the chat's "Apply to file"). */
interface ApplyArgs {
  uri: string;
  text: string;
  range?: { startLine: number; startCharacter: number; endLine: number; endCharacter: number };
}

/** Optional argument of the accept/reject/redirect/stop commands (the CodeLens passes it). */
interface TargetArg {
  uri?: string;
}

/**
 * Inline edits: Ctrl+I asks for an instruction and streams the rewrite of the selection (or
 * the enclosing block) into the editor as a live diff; accept, reject, stop and redirect it.
 * Also registers the internal `flint.applyToFile`, which shows a given text as the same kind
 * of pending edit: of `range` when given, else of the editor's selection when the document is
 * the active one and something is selected, else of the whole document.
 */
export function registerEdits(context: vscode.ExtensionContext, services: Services): InlineEdits {
  const decorations = new EditDecorations();
  const controller = new EditController(services, decorations);
  const codeLens = new EditCodeLens((doc) => controller.get(doc)?.session, controller.onDidChange);
  const commands = new EditCommands(context, services, controller);
  context.subscriptions.push(
    decorations,
    controller,
    // Every language and scheme: a pending edit can be anywhere.
    vscode.languages.registerCodeLensProvider('*', codeLens),
    vscode.commands.registerCommand('flint.editSelection', needsInstructions(services, 'Inline edits', () => commands.editSelection())),
    vscode.commands.registerCommand('flint.redirect', (arg?: TargetArg) => commands.redirect(arg)),
    vscode.commands.registerCommand('flint.stopEdit', (arg?: TargetArg) => controller.find(arg?.uri)?.session.stop()),
    vscode.commands.registerCommand('flint.acceptEdit', (arg?: TargetArg) => controller.find(arg?.uri)?.session.accept()),
    vscode.commands.registerCommand('flint.rejectEdit', (arg?: TargetArg) => controller.find(arg?.uri)?.session.reject()),
    vscode.commands.registerCommand('flint.applyToFile', (args: ApplyArgs) => commands.applyToFile(args)),
  );
  return commands;
}

/** The inline-edit commands over the pending edits' controller. */
class EditCommands implements InlineEdits {
  private readonly history: InstructionHistory;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    readonly controller: EditController,
  ) {
    this.history = new InstructionHistory(context.globalState.get<unknown[]>(HISTORY_KEY) ?? []);
  }

  /** True when the document has no pending edit; otherwise asks the user to settle it first. */
  async free(document: vscode.TextDocument): Promise<boolean> {
    const p = this.controller.get(document);
    if (!p) return true;
    const pick = await vscode.window.showWarningMessage(
      'Flint: this file already has a pending edit. Accept or reject it first.',
      'Accept',
      'Reject',
    );
    if (pick === 'Accept') await p.session.accept();
    if (pick === 'Reject') await p.session.reject();
    return false;
  }

  async editSelection(): Promise<void> {
    const { controller, services } = this;
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('Flint: open a file and select the code to edit.');
      return;
    }
    const document = editor.document;
    if (!(await this.free(document))) return;
    if (!(await mayEdit(document, services))) return;
    const range = selectedLines(editor);
    const what = range.end - range.start === 1 ? `line ${range.start + 1}` : `lines ${range.start + 1}–${range.end}`;
    const instruction = await askInstruction({ title: `Flint: edit ${what}`, history: this.history.items() });
    if (!instruction || document.isClosed || controller.get(document)) return;
    const variants = parseVariantsPrefix(instruction, services.config()['variants.count']);
    if (variants) {
      await vscode.commands.executeCommand('flint.exploreVariants', { uri: document.uri.toString(), range, ...variants });
      return;
    }
    const task = parseTaskPrefix(instruction);
    if (task !== undefined) {
      // The lines the box was opened on are the task's focus.
      const selection = { text: document.getText(new vscode.Range(range.start, 0, range.end, 0)), startLine: range.start, endLine: range.end - 1 };
      if (task === '') void vscode.window.showInformationMessage('Flint: type the task after /task.');
      else await vscode.commands.executeCommand('flint.tasks.start', task, { selection });
      return;
    }
    this.remember(instruction);
    // The rewrite streams in from the region's first line; a selection over it would grow with it.
    const top = new vscode.Position(range.start, 0);
    if (vscode.window.activeTextEditor?.document === document) vscode.window.activeTextEditor.selection = new vscode.Selection(top, top);
    controller.startGenerated(document, range, instruction);
  }

  async redirect(arg?: TargetArg): Promise<void> {
    const p = this.controller.find(arg?.uri);
    if (!p || p.session.settled) return;
    const instruction = await askInstruction({ title: 'Flint: redirect the edit (the running generation stops)', value: p.session.instruction, history: this.history.items() });
    if (!instruction || p.session.settled) return;
    this.remember(instruction);
    p.session.redirect(instruction);
  }

  async applyToFile(args: ApplyArgs): Promise<boolean> {
    if (!args || typeof args.uri !== 'string' || typeof args.text !== 'string') {
      throw new Error('flint.applyToFile expects { uri: string, text: string, range?: { startLine, startCharacter, endLine, endCharacter } }');
    }
    const uri = vscode.Uri.parse(args.uri);
    // A link inside the workspace may lead anywhere: only files really inside it are changed.
    const real = await realLocation(uri);
    if (real?.outside) {
      void vscode.window.showWarningMessage(`Flint: ${outsideMessage(vscode.workspace.asRelativePath(uri, false), real.real)}`);
      return false;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    if (!(await this.free(document))) return false;
    const refusal = await writeRefusal(document);
    if (refusal) {
      void vscode.window.showWarningMessage(`Flint: ${refusal}`);
      return false;
    }
    const r = args.range;
    const range = r
      ? linesOf(clamp(r.startLine, document), clamp(r.endLine, document), r.endCharacter)
      : editor.selection.isEmpty
        ? wholeDocument(document)
        : linesOf(editor.selection.start.line, editor.selection.end.line, editor.selection.end.character);
    await this.controller.startGiven(document, range, args.text, 'from chat');
    return true;
  }

  private remember(instruction: string): void {
    void this.context.globalState.update(HISTORY_KEY, this.history.add(instruction));
  }
}

function clamp(line: number, document: vscode.TextDocument): number {
  return Math.max(0, Math.min(Math.floor(line), document.lineCount - 1));
}
