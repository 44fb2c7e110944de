import type { KeyQuestion } from '../config/keyConsent';
import type { StatusLabel } from './connectionLabel';

/**
 * What the status bar says while a destination waits for the user's decision about the API key,
 * or was refused it: the item then opens the question instead of the latency report.
 */
export function keyQuestionLabel(questions: readonly KeyQuestion[]): StatusLabel | undefined {
  const waiting = questions.filter((q) => q.state === 'waiting');
  const denied = questions.filter((q) => q.state === 'denied');
  const hosts = (qs: readonly KeyQuestion[]) => qs.map((q) => q.destination.host).join(', ');
  if (waiting.length) {
    return {
      text: '$(key) Flint: key waiting',
      tooltip: `Flint: waiting for your decision: may your API key go to ${hosts(waiting)}? Nothing is sent there until you allow it. Click to answer.`,
      warning: true,
    };
  }
  if (denied.length) {
    return {
      text: '$(key) Flint: key not allowed',
      tooltip: `Flint: you did not allow sending your API key to ${hosts(denied)}, so nothing is sent there. Click to choose again.`,
      warning: true,
    };
  }
  return undefined;
}
