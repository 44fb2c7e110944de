import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editUnderFault } from './editProbe';
import { FAULT_CASES } from './faultCases';
import { violations } from './faultOutcome';
import { FaultRig } from './faultRig';

let rig: FaultRig;
beforeAll(async () => {
  rig = await FaultRig.start();
});
afterAll(() => rig.close());

describe('inline edit under faults (edit session, real transport, in-memory document)', () => {
  for (const fc of FAULT_CASES) {
    it(`${fc.name}: the document is unchanged or fully edited, never half; then recovers`, async () => {
      const outcome = await editUnderFault(rig, fc);
      expect(violations(fc, outcome)).toEqual([]);
    });
  }
});
