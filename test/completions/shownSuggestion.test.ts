import { describe, expect, it } from 'vitest';
import { grewFrom } from '../../src/completions/shownSuggestion';
import { askModel } from '../../src/completions/pipeline/askModel';
import { hostReplied } from '../support/fakeClock';
import { until } from '../../support/until.mjs';
import { stageHarness } from './pipeline/stageHarness';

const shaped = (text: string, replaceSuffix = 0) => ({ suggestion: { text, replaceSuffix }, final: true });

describe('ShownSuggestion', () => {
  it('grewFrom: more text that keeps all of the shown one, over the same suffix', () => {
    const shown = { text: '0;', replaceSuffix: 0 };
    expect(grewFrom(shown, shaped('0;\n  return total;'))).toBe(true);
    expect(grewFrom(shown, shaped('0;'))).toBe(false);
    expect(grewFrom(shown, shaped('1;\n  return total;'))).toBe(false);
    expect(grewFrom(shown, shaped('0;\n  return total;', 1))).toBe(false);
  });

  it('tells its listeners once when the shown suggestion grew to its final extent', async () => {
    const h = stageHarness();
    let grew = 0;
    const off = h.shown.onGrow(() => grew++);
    const asked = askModel(h.parts, h.keystroke('function f() {\n  let a = ', '\n'));
    await until('the model is asked', () => h.client.streams.length > 0);
    const stream = h.client.last;
    stream.push('1;\n');
    expect((await asked).result?.suggestion.text).toBe('1;');
    stream.push('  return a;\n}\n\nnext');
    await stream.taken();
    expect(grew).toBe(1);
    stream.push('();\n');
    await stream.taken();
    expect(grew).toBe(1);
    off();
  });

  it('asks for what follows the shown suggestion once its stream ended with nothing after it', async () => {
    const h = stageHarness();
    const asked = askModel(h.parts, h.keystroke('const a = ', '\n'));
    await until('the model is asked', () => h.client.streams.length > 0);
    h.client.last.push('1;\n');
    await asked;
    expect(h.log.count('speculative')).toBe(0);
    h.client.last.end();
    await h.recorded();
    await hostReplied();
    expect(h.log.count('speculative')).toBe(1);
    expect(h.client.last.request).toBeDefined();
  });

  it('asks for what follows only after the answer is written to the editor', async () => {
    const h = stageHarness();
    const asked = askModel(h.parts, h.keystroke('const a = ', '\n'));
    await until('the model is asked', () => h.client.streams.length > 0);
    h.client.last.push('1;\n');
    h.client.last.end();
    await asked;
    // The extension host writes the answer to the editor from a timer started in this task.
    const atWrite = new Promise<number>((resolve) => setTimeout(() => resolve(h.log.count('speculative'))));
    expect(await atWrite).toBe(0);
    await hostReplied();
    expect(h.log.count('speculative')).toBe(1);
  });

  it('once accepted, neither grows nor speculates after it', async () => {
    const h = stageHarness();
    let grew = 0;
    h.shown.onGrow(() => grew++);
    const asked = askModel(h.parts, h.keystroke('function f() {\n  let a = ', '\n'));
    await until('the model is asked', () => h.client.streams.length > 0);
    h.client.last.push('1;\n');
    const served = await asked;
    h.shown.accepted(served.result!.entryId);
    h.client.last.push('  return a;\n}\n');
    h.client.last.end();
    await h.recorded();
    expect(grew).toBe(0);
    // Accepted before its stream ended with nothing after it: no speculation either.
    const again = askModel(h.parts, h.keystroke('const a = ', '\n'));
    await until('the model is asked again', () => h.client.streams.length > 1);
    h.client.last.push('1;\n');
    h.shown.accepted((await again).result!.entryId);
    h.client.last.end();
    await h.recorded();
    expect(h.log.count('speculative')).toBe(0);
  });
});
