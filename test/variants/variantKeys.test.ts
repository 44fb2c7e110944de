import { describe, expect, it } from 'vitest';
import { variantKeyAction, type KeyPress } from '../../src/variants/variantKeys';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({ key, altKey: false, ctrlKey: false, metaKey: false, inTextField: false, ...more });

describe('variantKeyAction', () => {
  it('1–N pick that variant; digits past N do nothing', () => {
    expect(variantKeyAction(press('3'), 0, 5)).toEqual({ kind: 'pick', index: 2 });
    expect(variantKeyAction(press('6'), 0, 5)).toEqual({ kind: 'none' });
    expect(variantKeyAction(press('0'), 0, 5)).toEqual({ kind: 'none' });
  });

  it('Alt+] and Alt+[ move the focus and wrap around, by key or by physical key', () => {
    expect(variantKeyAction(press(']', { altKey: true }), 4, 5)).toEqual({ kind: 'focus', index: 0 });
    expect(variantKeyAction(press('[', { altKey: true }), 0, 5)).toEqual({ kind: 'focus', index: 4 });
    expect(variantKeyAction(press('‘', { altKey: true, code: 'BracketRight' }), 1, 5)).toEqual({ kind: 'focus', index: 2 });
  });

  it('Enter picks the focused one; Escape stops all, even from the redirect box', () => {
    expect(variantKeyAction(press('Enter'), 3, 5)).toEqual({ kind: 'pick', index: 3 });
    expect(variantKeyAction(press('Escape', { inTextField: true }), 3, 5)).toEqual({ kind: 'stopAll' });
  });

  it('typing in the redirect box and shortcuts with Ctrl or Cmd are left alone', () => {
    expect(variantKeyAction(press('2', { inTextField: true }), 0, 5)).toEqual({ kind: 'none' });
    expect(variantKeyAction(press('Enter', { inTextField: true }), 0, 5)).toEqual({ kind: 'none' });
    expect(variantKeyAction(press('1', { ctrlKey: true }), 0, 5)).toEqual({ kind: 'none' });
    expect(variantKeyAction(press('1', { metaKey: true }), 0, 5)).toEqual({ kind: 'none' });
  });
});
