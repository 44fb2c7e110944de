import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editUnderFault } from './editProbe';
import { casesFor, type Transport } from './faultCases';
import { violations } from './faultOutcome';
import { FaultRig } from './faultRig';

describe.each(['ws', 'http'] as Transport[])('inline edit under faults (edit session, real transport, in-memory document): %s transport', (transport) => {
  let rig: FaultRig;
  beforeAll(async () => {
    rig = await FaultRig.start();
    rig.transport = transport;
  });
  afterAll(() => rig.close());

  for (const fc of casesFor(transport)) {
    it(`${fc.name}: the document is unchanged or fully edited, never half; then recovers`, async () => {
      const outcome = await editUnderFault(rig, fc);
      expect(violations(fc, outcome)).toEqual([]);
    });
  }
});
