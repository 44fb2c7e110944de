import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_CASES } from './faultCases';
import { violations } from './faultOutcome';
import { FaultRig } from './faultRig';
import { ghostTextUnderFault } from './ghostTextProbe';

let rig: FaultRig;
beforeAll(async () => {
  rig = await FaultRig.start();
});
afterAll(() => rig.close());

describe('ghost text under faults (completions engine, real transport, local endpoint)', () => {
  for (const fc of FAULT_CASES) {
    it(`${fc.name}: ${fc.expect.kind === 'fails' ? 'one clear message' : fc.expect.kind}, then recovers by itself`, async () => {
      const outcome = await ghostTextUnderFault(rig, fc);
      expect(violations(fc, outcome)).toEqual([]);
    });
  }
});
