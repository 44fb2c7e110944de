import * as vscode from 'vscode';
import { latestText, type LatestRun } from '../../tests/latestRun';

/**
 * Two items: the continuous-tests toggle (off / on save, with a still pulse while tests are
 * written or run: a spinning icon restyles the window every frame, and tests are written while
 * the user types), and the latest run, naming its file, which opens its results.
 */
export class TestsStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('flint.tests', vscode.StatusBarAlignment.Right, 99);
  private readonly run = vscode.window.createStatusBarItem('flint.tests.latest', vscode.StatusBarAlignment.Right, 98.9);
  private busy = 0;

  constructor(private readonly mode: () => 'off' | 'onSave') {
    this.item.name = 'Flint continuous tests';
    this.item.command = 'flint.tests.toggleContinuous';
    this.run.name = 'Flint latest test run';
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

  /** Shows the run that finished last, or the file a regression is still outstanding in (shownRun). */
  latest(r: LatestRun): void {
    this.run.text = latestText(r);
    const standing = r.error ? `${r.name}: ${r.error}` : `${r.name}: ${r.passed} passed, ${r.failed} failed${r.regressions ? ` (${r.regressions} passed before)` : ''}`;
    this.run.tooltip = `${standing}${r.note ? ` (${r.note})` : ''}. Click for its results.`;
    this.run.command = { title: 'Show results', command: 'flint.tests.showResults', arguments: [r.testFile] };
    this.run.backgroundColor = r.error || r.failed > 0 ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.run.show();
  }

  render(): void {
    const on = this.mode() === 'onSave';
    this.item.text = `${this.busy > 0 ? '$(pulse)' : '$(beaker)'} Tests: ${on ? 'on save' : 'off'}`;
    this.item.tooltip = on
      ? 'Flint runs the tests of each source you change on save, reports regressions, and adds tests for new behaviour. Click to turn off.'
      : 'Flint continuous tests are off. Click to run and add tests of changed functions on each save.';
  }

  dispose(): void {
    this.item.dispose();
    this.run.dispose();
  }
}
