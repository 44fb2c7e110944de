import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUnderFault } from '../../support/reliability/chatProbe';
import { casesFor, type Transport } from '../../support/reliability/faultCases';
import { violations } from '../../support/reliability/faultOutcome';
import { FaultRig } from '../../support/reliability/faultRig';

describe.each(['ws', 'http'] as Transport[])('chat under faults (chat session, real transport, in-memory history store): %s transport', (transport) => {
  let rig: FaultRig;
  beforeAll(async () => {
    rig = await FaultRig.start();
    rig.transport = transport;
  });
  afterAll(() => rig.close());

  for (const fc of casesFor(transport)) {
    it(`${fc.name}: the message and the partial answer are kept; then Retry succeeds`, async () => {
      const outcome = await chatUnderFault(rig, fc);
      expect(violations(fc, outcome)).toEqual([]);
    });
  }
});
