import * as vscode from 'vscode';
import type { LineRange } from '../../code/lineRange';
import type { FileText } from '../../context/fitFiles';
import { InstructionHistory } from '../../edits/instructionHistory';
import { sameFile } from '../../router/fileMentions';
import { namedFiles } from '../../router/namedFiles';
import type { Services } from '../../services';
import { clampVariantCount } from '../../variants/variantApproaches';
import { parseVariantsPrefix } from '../../variants/variantsPrefix';
import type { InlineEdits } from '../shared/inlineEdits';
import { askInstruction } from '../shared/editInstructionInput';
import { mayEdit, selectedLines } from '../shared/editTarget';
import { VariantsExploration } from './variantsExploration';
import { WorkspaceFiles } from '../shared/workspaceFiles';
import { needsInstructions } from '../shared/needsInstructions';

/** Instructions typed for inline edits; variants offer them too (read only here). */
const HISTORY_KEY = 'flint.edit.history';

/** Arguments of `flint.exploreVariants` (the inline-edit box passes them for `/variants N`). */
export interface ExploreArgs {
  uri?: string;
  range?: LineRange;
  instruction?: string;
  count?: number;
}

/**
 * Explore Variants: several rewrites of the selection streamed side by side in a view in the
 * editor area; picking one makes it the ordinary pending inline edit. Closing the view or the
 * document ends every request.
 */
export function registerVariants(context: vscode.ExtensionContext, services: Services, edits: InlineEdits): void {
  let current: VariantsExploration | undefined;
  const files = new WorkspaceFiles(services);

  async function explore(args?: ExploreArgs): Promise<void> {
    const document = args?.uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === args.uri) : vscode.window.activeTextEditor?.document;
    const editor = vscode.window.activeTextEditor;
    if (!document || !editor) {
      void vscode.window.showInformationMessage('Flint: open a file and select the code to explore variants of.');
      return;
    }
    if (!(await edits.free(document))) return;
    if (!(await mayEdit(document, services))) return;
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
    const exploration = new VariantsExploration(context, services, edits, { document, range, instruction, count, references }, () => {
      if (current === exploration) current = undefined;
    });
    current = exploration;
  }

  context.subscriptions.push(
    vscode.commands.registerCommand('flint.exploreVariants', needsInstructions(services, 'Variants', (args?: ExploreArgs) => explore(args))),
    { dispose: () => current?.dispose() },
  );
}
