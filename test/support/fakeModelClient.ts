// The tests' model double: the hand-fed client the benchmarks share, under the tests' names.
export {
  HandFedModelClient as FakeModelClient,
  HandFedStream as FakeStream,
  type HandFedModelClientOptions as FakeModelClientOptions,
} from '../../support/handFedModelClient';
export { ModelError } from '../../src/transport/modelError';

