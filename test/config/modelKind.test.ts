import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config';
import { effectiveConfig, instructionSurfacesOff } from '../../src/config/modelKind';

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
});
