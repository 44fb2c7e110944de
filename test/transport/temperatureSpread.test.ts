import { describe, expect, it } from 'vitest';
import { temperatureSpread } from '../../src/transport/temperatureSpread';

describe('temperatureSpread', () => {
  it('spreads evenly over 0.2–1.0, lowest first', () => {
    expect(temperatureSpread(3)).toEqual([0.2, 0.6, 1]);
    expect(temperatureSpread(2)).toEqual([0.2, 1]);
    expect(temperatureSpread(1)).toEqual([1]);
    expect(temperatureSpread(0)).toEqual([]);
  });
});
