import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config';
import { backgroundTasksOff, effectiveConfig, instructionSurfacesOff, toolCallingRefused } from '../../src/config/modelKind';

describe('model kind', () => {
  it('leaves every surface as configured for an instruction model', () => {
    const config = { ...defaultConfig(), 'review.trigger': 'onPause' as const };
    expect(instructionSurfacesOff(config)).toBeUndefined();
    expect(effectiveConfig(config)).toBe(config);
  });

  it('turns off what would ask a completion model to follow instructions on its own, and says why', () => {
    const config = { ...defaultConfig(), modelKind: 'completion' as const, 'fast.model': 'flint-code-6m', 'review.trigger': 'onPause' as const, 'tests.continuous': 'onSave' as const };
    const seen = effectiveConfig(config);
    expect(seen['nextEdit.enable']).toEqual({ '*': false });
    expect(seen['review.trigger']).toBe('off');
    expect(seen['tests.continuous']).toBe('off');
    expect(seen['tests.codeLens']).toBe(false);
    // Ghost text is what such a model is for.
    expect(seen['completions.enable']).toEqual(config['completions.enable']);
    expect(instructionSurfacesOff(seen)).toMatch(/^flint-code-6m is a completion model \(flint\.modelKind\): it writes ghost text, but next edit, inline edits, variants, review, tests and chat need/);
  });

  it('turns background tasks off for a completion model, naming the model needed and how to get one', () => {
    expect(backgroundTasksOff(defaultConfig())).toBeUndefined();
    const off = backgroundTasksOff({ ...defaultConfig(), modelKind: 'completion', 'full.model': 'flint-code-6m' });
    expect(off).toMatch(/^Background tasks are off: flint-code-6m is a completion model \(flint\.modelKind is "completion"\)/);
    expect(off).toMatch(/follows instructions and calls tools \(function calling\)/);
    expect(off).toMatch(/Flint: Set API Key/);
    expect(off).toMatch(/Qwen2\.5-Coder Instruct/);
    expect(off).toMatch(/set flint\.modelKind to instruct\.$/);
  });

  it('turns background tasks off for an instruct model that cannot call tools, and only them', () => {
    const config = { ...defaultConfig(), modelKind: 'instruct-no-tools' as const, 'full.model': 'chatml-coder' };
    const off = backgroundTasksOff(config);
    expect(off).toMatch(/^Background tasks are off: chatml-coder follows instructions but cannot call tools: its chat template has no function calling \(flint\.modelKind is "instruct-no-tools"\)/);
    expect(off).toMatch(/Qwen2\.5-Coder Instruct/);
    expect(instructionSurfacesOff(config)).toBeUndefined();
    expect(effectiveConfig(config)).toBe(config);
  });
});

describe('toolCallingRefused', () => {
  it('names the model and endpoint, quotes the endpoint, and says which settings to change', () => {
    const m = toolCallingRefused('qwen-base', 'http://127.0.0.1:8080/v1', 'http://127.0.0.1:8080/v1 rejected the request (HTTP 400): tools param requires --jinja flag.');
    expect(m).toMatch(/^qwen-base at http:\/\/127\.0\.0\.1:8080\/v1 does not support function calling, which background tasks need \(the endpoint answered: .*--jinja flag\)\. /);
    expect(m).toContain('flint.full.model');
    expect(m).toContain('Qwen2.5-Coder Instruct (npm start downloads one)');
    expect(m).toContain('Flint: Set API Key');
    expect(m).toContain('flint.modelKind to instruct-no-tools');
  });
});
