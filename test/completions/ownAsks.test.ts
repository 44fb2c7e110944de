import { describe, expect, it } from 'vitest';
import { OWN_ASK_TTL_MS, OwnAsks } from '../../src/completions/ownAsks';

describe('OwnAsks', () => {
  it("knows Flint's own ask when the editor runs it late, after more keys (another version, another place)", () => {
    const asks = new OwnAsks();
    asks.asked('file:///a.ts', 1000);
    // The keys typed meanwhile are automatic asks: they leave it for the explicit one to come.
    expect(asks.take('file:///a.ts', false, 1100)).toBe(false);
    expect(asks.take('file:///a.ts', false, 1200)).toBe(false);
    expect(asks.take('file:///a.ts', true, 1500)).toBe(true);
  });

  it("takes an own ask once: the next explicit ask is the user's", () => {
    const asks = new OwnAsks();
    asks.asked('file:///a.ts', 0);
    expect(asks.take('file:///a.ts', true, 10)).toBe(true);
    expect(asks.take('file:///a.ts', true, 20)).toBe(false);
  });

  it("an explicit ask in another document, or long after, is the user's", () => {
    const asks = new OwnAsks();
    asks.asked('file:///a.ts', 0);
    expect(asks.take('file:///b.ts', true, 10)).toBe(false);
    asks.asked('file:///a.ts', 0);
    expect(asks.take('file:///a.ts', true, OWN_ASK_TTL_MS + 1)).toBe(false);
  });
});
