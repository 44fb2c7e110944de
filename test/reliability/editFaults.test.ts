import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editUnderFault } from '../../support/reliability/editProbe';
import { casesFor, type Transport } from '../../support/reliability/faultCases';
import { violations } from '../../support/reliability/faultOutcome';
import { FaultRig } from '../../support/reliability/faultRig';

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
