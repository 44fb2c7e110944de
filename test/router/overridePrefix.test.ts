import { describe, expect, it } from 'vitest';
import { parseOverridePrefix } from '../../src/router/overridePrefix';

describe('parseOverridePrefix', () => {
  it('reads /fast and /deep at the start and strips them', () => {
    expect(parseOverridePrefix('/deep  why\nis this slow')).toEqual({ target: 'full', command: '/deep', text: 'why\nis this slow' });
    expect(parseOverridePrefix('\n/Fast go')).toEqual({ target: 'fast', command: '/fast', text: 'go' });
  });

  it('leaves other text alone', () => {
    for (const text of ['/fastest', '/deep-dive', 'go /deep', '//deep', '']) expect(parseOverridePrefix(text)).toEqual({ text });
  });
});
