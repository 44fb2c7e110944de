// The fault matrix of test/reliability, run once more in the soak: every fault against ghost
// text, inline edit and chat, counting the ones each surface got through as expected.
import { chatUnderFault } from '../test/reliability/chatProbe';
import { editUnderFault } from '../test/reliability/editProbe';
import { FAULT_CASES, type FaultCase } from '../test/reliability/faultCases';
import { violations, type FaultOutcome } from '../test/reliability/faultOutcome';
import { FaultRig } from '../test/reliability/faultRig';
import { ghostTextUnderFault } from '../test/reliability/ghostTextProbe';

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
  const rig = await FaultRig.start();
  try {
    for (const fc of FAULT_CASES) {
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
        else out.failures.push(`${surface} / ${fc.name}: ${problems.join('; ')}`);
      }
    }
  } finally {
    await rig.close();
  }
  return out;
}
