import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUnderFault } from './chatProbe';
import { FAULT_CASES } from './faultCases';
import { violations } from './faultOutcome';
import { FaultRig } from './faultRig';

let rig: FaultRig;
beforeAll(async () => {
  rig = await FaultRig.start();
});
afterAll(() => rig.close());

describe('chat under faults (chat session, real transport, in-memory history store)', () => {
  for (const fc of FAULT_CASES) {
    it(`${fc.name}: the message and the partial answer are kept; then Retry succeeds`, async () => {
      const outcome = await chatUnderFault(rig, fc);
      expect(violations(fc, outcome)).toEqual([]);
    });
  }
});
