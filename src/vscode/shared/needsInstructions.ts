import * as vscode from 'vscode';
import { instructionSurfacesOff } from '../../config/modelKind';
import type { Services } from '../../services';

/**
 * A command of a surface that asks the model to follow an instruction: for a completion model
 * it says why it is off (a message, and a line in the log) instead of asking for an instruction
 * whose answer would only look like one.
 */
export function needsInstructions<A extends unknown[]>(services: Services, surface: string, run: (...args: A) => unknown): (...args: A) => unknown {
  return (...args: A) => {
    const off = instructionSurfacesOff(services.config());
    if (!off) return run(...args);
    services.log.info(`${surface}: not started. ${off}`);
    void vscode.window.showInformationMessage(`${surface} are off. ${off}`, 'Open Settings').then((pick) => {
      if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'flint.modelKind');
    });
    return undefined;
  };
}
