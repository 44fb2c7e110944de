import { EditSession, type EditState } from '../../src/edits/editSession';
import type { Timers } from '../../src/edits/frameScheduler';
import type { ModelClient } from '../../src/transport/modelClient';
import { MemoryDocument } from '../memoryDocument';
import type { FaultCase } from './faultCases';
import type { FaultOutcome } from './faultOutcome';
import { lineLogger, until, type FaultRig } from './faultRig';
import { inFaultSession } from './faultSession';
import { EDIT_FILE, EDIT_INSTRUCTION, EDIT_REGION, EDIT_RESULT } from './faultScript';

const realTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** An edit session on the region of `doc`, always on the fast model through `client`. */
export function editSession(doc: MemoryDocument, client: ModelClient, log: string[]): EditSession {
  const { start, end } = EDIT_REGION;
  return new EditSession(
    {
      startLine: start,
      lines: doc.lines.slice(start, end),
      context: { path: 'src/total.ts', languageId: 'typescript', before: doc.lines.slice(0, start).join('\n'), after: doc.lines.slice(end).join('\n') },
      files: ['src/total.ts'],
    },
    {
      models: { route: (r) => ({ target: 'fast', reasons: ['fast model'], text: r.text }), client: () => client, contextTokens: () => 100_000 },
      sink: doc,
      timers: realTimers,
      metrics: { record() {} },
      log: lineLogger(log),
      onChange() {},
    },
  );
}

/** Resolves once the generation is over (the session is in review or settled). */
export async function generationOver(session: EditSession): Promise<EditState> {
  await until(() => session.state !== 'streaming', 10_000, `edit still ${session.state}`);
  return session.state;
}

/**
 * An inline edit under one fault: the session over the real transport into an in-memory
 * document. The document must end as the original or as the complete rewrite, never between;
 * the message is the session's note (what the editor shows with the failure).
 */
export async function editUnderFault(rig: FaultRig, fc: FaultCase): Promise<FaultOutcome> {
  return inFaultSession(rig, fc, async (s) => {
    const notes: string[] = [];
    const doc = new MemoryDocument(EDIT_FILE);
    const session = editSession(doc, s.client, s.logs);
    const state = await s.faulted(async () => {
      session.start(EDIT_INSTRUCTION);
      return generationOver(session);
    });
    const info = session.info;
    const partial = doc.applyCalls > 0;
    let ended: FaultOutcome['ended'] = 'failed';
    let messages: string[] = [];
    if (state === 'failed') {
      messages = [info.note ?? '(no message)'];
      if (doc.undoStack.length !== 0) notes.push('the failed edit left an undo step behind');
    } else if (state === 'review' && info.note?.includes('output limit')) {
      ended = 'capped';
      messages = [info.note];
      // The cut-off rewrite is the runaway output: the user rejects it.
      if (!(await session.reject())) notes.push('reject was refused');
    } else if (state === 'review') {
      ended = 'succeeded';
      if (info.note) messages = [info.note];
      if (!(await session.accept())) notes.push('accept was refused');
      if (doc.text !== EDIT_RESULT) notes.push(`accepted text differs: ${JSON.stringify(doc.text)}`);
    } else {
      notes.push(`session ended ${state}`);
    }
    const halfEdited = doc.text !== EDIT_FILE && doc.text !== EDIT_RESULT;

    await s.heal();
    const again = new MemoryDocument(EDIT_FILE);
    const retry = editSession(again, s.client, s.logs);
    retry.start(EDIT_INSTRUCTION);
    const retryState = await generationOver(retry);
    const recovered = retryState === 'review' && retry.info.note === undefined && (await retry.accept()) && again.text === EDIT_RESULT;
    if (!recovered) notes.push(`recovery ended ${retry.state}: ${retry.info.note ?? ''}`);
    return { surface: 'edit', fault: fc.name, ended, partial, code: info.error?.code, messages, recovered, halfEdited, lost: false, notes };
  });
}
