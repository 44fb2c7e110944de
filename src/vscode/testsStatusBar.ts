import * as vscode from 'vscode';

/**
 * The continuous-tests toggle: off / on save, with a still pulse while tests are written or run
 * (a spinning icon restyles the window every frame, and tests are written while the user types).
 */
export class TestsStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('flint.tests', vscode.StatusBarAlignment.Right, 99);
  private busy = 0;

  constructor(private readonly mode: () => 'off' | 'onSave') {
    this.item.name = 'Flint continuous tests';
    this.item.command = 'flint.tests.toggleContinuous';
    this.render();
    this.item.show();
  }

  /** Call while something runs; the returned function ends it. */
  begin(): () => void {
    this.busy++;
    this.render();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.busy--;
      this.render();
    };
  }

  render(): void {
    const on = this.mode() === 'onSave';
    this.item.text = `${this.busy > 0 ? '$(pulse)' : '$(beaker)'} Tests: ${on ? 'on save' : 'off'}`;
    this.item.tooltip = on
      ? 'Flint writes and runs the tests of each function you change, on save. Click to turn off.'
      : 'Flint continuous tests are off. Click to write and run tests of changed functions on each save.';
  }

  dispose(): void {
    this.item.dispose();
  }
}
