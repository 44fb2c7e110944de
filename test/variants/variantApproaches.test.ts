import { describe, expect, it } from 'vitest';
import { clampVariantCount, variantPlan } from '../../src/variants/variantApproaches';

describe('variantPlan', () => {
  it('gives every variant its own approach and temperature', () => {
    const plan = variantPlan(8);
    expect(new Set(plan.map((p) => p.approach.label)).size).toBe(8);
    expect(plan[0].temperature).toBe(0.2);
    expect(plan[7].temperature).toBe(1);
    expect(plan.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
  it('clamps the count', () => {
    expect(variantPlan(1)).toHaveLength(2);
    expect(variantPlan(99)).toHaveLength(8);
    expect(clampVariantCount(Number.NaN)).toBe(5);
  });
});
