// The fault matrix of test/reliability, run once more in the soak: every fault against ghost
// text, inline edit and chat, on the WebSocket and the HTTP transport, counting the ones each
// surface got through as expected.
import { chatUnderFault } from '../support/reliability/chatProbe';
import { editUnderFault } from '../support/reliability/editProbe';
import { casesFor, type FaultCase, type Transport } from '../support/reliability/faultCases';
import { violations, type FaultOutcome } from '../support/reliability/faultOutcome';
import { FaultRig } from '../support/reliability/faultRig';
import { ghostTextUnderFault } from '../support/reliability/ghostTextProbe';

export interface FaultMatrixResult {
  faults_tried: number;
  /** Faults after which the surface did exactly what it should (one clear message, nothing lost) and a later request succeeded. */
  faults_recovered: number;
  documents_half_edited: number;
  messages_lost: number;
  /** What went wrong, per surface and fault. */
  failures: string[];
}

const PROBES: [string, (rig: FaultRig, fc: FaultCase) => Promise<FaultOutcome>][] = [
  ['ghost text', ghostTextUnderFault],
  ['edit', editUnderFault],
  ['chat', chatUnderFault],
];

export async function runFaultMatrix(): Promise<FaultMatrixResult> {
  const out: FaultMatrixResult = { faults_tried: 0, faults_recovered: 0, documents_half_edited: 0, messages_lost: 0, failures: [] };
  for (const transport of ['ws', 'http'] as Transport[]) {
    const rig = await FaultRig.start();
    rig.transport = transport;
    try {
      await runOn(rig, casesFor(transport), out);
    } finally {
      await rig.close();
    }
  }
  return out;
}

async function runOn(rig: FaultRig, cases: FaultCase[], out: FaultMatrixResult): Promise<void> {
  for (const fc of cases) {
    for (const [surface, probe] of PROBES) {
      out.faults_tried++;
      let problems: string[];
      try {
        const o = await probe(rig, fc);
        problems = violations(fc, o);
        if (o.halfEdited) out.documents_half_edited++;
        if (o.lost) out.messages_lost++;
      } catch (err) {
        problems = [`threw: ${(err as Error).message}`];
      }
      if (problems.length === 0) out.faults_recovered++;
      else out.failures.push(`${rig.transport} ${surface} / ${fc.name}: ${problems.join('; ')}`);
    }
  }
}
