import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/transport/modelError';
import { rejectsTemperature } from '../../src/transport/rejectsTemperature';

describe('rejectsTemperature', () => {
  it('is a rejected request naming the temperature, nothing else', () => {
    expect(rejectsTemperature(new ModelError('bad_request', "Unsupported parameter: 'temperature' is not supported with this model."))).toBe(true);
    expect(rejectsTemperature(new ModelError('bad_request', 'max_output_tokens is too large'))).toBe(false);
    expect(rejectsTemperature(new ModelError('server', 'temperature sensor offline'))).toBe(false);
  });
});
