import type { HandFedModelClient } from '../../support/handFedModelClient';
import { until } from '../../support/until.mjs';
// The tests' model double: the hand-fed client the benchmarks share, under the tests' names.
export {
  HandFedModelClient as FakeModelClient,
  HandFedStream as FakeStream,
  type HandFedModelClientOptions as FakeModelClientOptions,
} from '../../support/handFedModelClient';
export { ModelError } from '../../src/transport/modelError';

/** Waits until `n` requests went out. */
export const asked = (client: HandFedModelClient, n = 1) => until(`request ${n} is out`, () => client.streams.length >= n);

