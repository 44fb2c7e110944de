// The tests' model double: the hand-fed client the benchmarks share, under the tests' names.
export {
  HandFedModelClient as FakeModelClient,
  HandFedStream as FakeStream,
  type HandFedModelClientOptions as FakeModelClientOptions,
} from '../../support/handFedModelClient';
export { ModelError } from '../../src/transport/modelError';

/** Lets queued promise callbacks (stream iteration, steer answers) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
}
