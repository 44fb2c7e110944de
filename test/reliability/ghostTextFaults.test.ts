import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesFor, type Transport } from '../../support/reliability/faultCases';
import { violations } from '../../support/reliability/faultOutcome';
import { FaultRig } from '../../support/reliability/faultRig';
import { ghostTextUnderFault } from '../../support/reliability/ghostTextProbe';


describe.each(['ws', 'http'] as Transport[])('ghost text under faults (completions engine, real transport, local endpoint): %s transport', (transport) => {
  let rig: FaultRig;
  beforeAll(async () => {
    rig = await FaultRig.start();
    rig.transport = transport;
  });
  afterAll(() => rig.close());

  for (const fc of casesFor(transport)) {
    it(`${fc.name}: ${fc.expect.kind === 'fails' ? 'one clear message' : fc.expect.kind}, then recovers by itself`, async () => {
      const outcome = await ghostTextUnderFault(rig, fc);
      expect(violations(fc, outcome)).toEqual([]);
    });
  }
});
