import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/server/cliArgs';

describe('parseCliArgs', () => {
  it('maps flags to endpoint options, knobs and faults', () => {
    const o = parseCliArgs(
      ['--port', '0', '--engine=tiny', '--no-lanes', '--tokens-per-second', '500', '--full-delay-ms=50', '--rate-limit', '2', '--drop-after-events', '7', '--fault-times', '1'],
      { FLINT_ENDPOINT_TOKEN: 'abc' },
    );
    expect(o).toMatchObject({ port: 0, engine: 'tiny', lanes: false });
    expect(o.knobs).toEqual({ tokensPerSecond: 500, fullDelayMs: 50, token: 'abc' });
    expect(o.faults).toEqual({ rateLimit: { retryAfterSeconds: 2, times: 1 }, dropAfterEvents: { after: 7, times: 1 } });
  });

  it('takes the inference thread count', () => {
    expect(parseCliArgs(['--engine', 'llama', '--model', 'm.gguf', '--threads', '2'])).toMatchObject({ engine: 'llama', modelPath: 'm.gguf', threads: 2 });
    expect(parseCliArgs([]).threads).toBeUndefined();
  });

  it('takes the dialect and its context, flint by default', () => {
    expect(parseCliArgs(['--dialect', 'llama.cpp', '--context-tokens', '4096'])).toMatchObject({ dialect: 'llama.cpp', contextTokens: 4096 });
    expect(parseCliArgs([]).dialect).toBe('flint');
    expect(() => parseCliArgs(['--dialect', 'tgi'])).toThrow(/--dialect must be flint, llama.cpp, vllm or ollama, got 'tgi'/);
  });

  it('takes faults as JSON too', () => {
    const o = parseCliArgs(['--faults', '{"stall":{"afterTokens":3}}', '--error-after-events', '2', '--error-code', 'x']);
    expect(o.faults).toEqual({ stall: { afterTokens: 3 }, errorEvent: { after: 2, code: 'x' } });
  });

  it('explains bad input', () => {
    expect(() => parseCliArgs(['--engine', 'gpt'])).toThrow(/--engine must be scripted, tiny or llama/);
    expect(() => parseCliArgs(['--engine', 'llama'])).toThrow(/--model PATH/);
    expect(() => parseCliArgs(['--port'])).toThrow(/--port needs a value/);
    expect(() => parseCliArgs(['--tokens-per-second', 'fast'])).toThrow(/non-negative number/);
    expect(() => parseCliArgs(['--bogus', '1'])).toThrow(/Unknown flag --bogus/);
    expect(() => parseCliArgs(['--faults', '{'])).toThrow(/JSON/);
    expect(() => parseCliArgs(['--threads', '0'])).toThrow(/--threads needs a whole number of at least 1/);
    expect(() => parseCliArgs(['--threads', '1.5'])).toThrow(/--threads/);
  });
});
