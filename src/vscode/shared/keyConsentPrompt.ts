import * as vscode from 'vscode';
import type { KeyConsentAnswer, KeyDestination } from '../../config/keyConsent';

const STATE_KEY = 'flint.keyConsent';
const ALLOW = 'Allow';
const DENY = 'Don\u2019t Allow';

/**
 * The user's answers to "Send your API key to host X?", kept in global state (per user, never in
 * a workspace). Only the two buttons are answers: closing the modal (Escape, a click outside,
 * Cancel) keeps nothing, so the question comes back in the next window or on a click.
 */
export class KeyConsentPrompt {
  constructor(private readonly state: vscode.Memento) {}

  answer(id: string): KeyConsentAnswer | undefined {
    const v = this.answers()[id];
    return v === 'allow' || v === 'deny' ? v : undefined;
  }

  async ask(destination: KeyDestination): Promise<KeyConsentAnswer | undefined> {
    const pick = await vscode.window.showWarningMessage(
      `Send your API key to ${destination.host}?`,
      {
        modal: true,
        detail: `Flint has never sent your API key to ${destination.id}. It is sent with every request to this endpoint (your flint.*.url user settings). Allow only a server you trust. Closing this question decides nothing: Flint waits, and the status bar item asks again.`,
      },
      ALLOW,
      DENY,
    );
    const answer: KeyConsentAnswer | undefined = pick === ALLOW ? 'allow' : pick === DENY ? 'deny' : undefined;
    if (answer) await this.state.update(STATE_KEY, { ...this.answers(), [destination.id]: answer });
    return answer;
  }

  /** Forgets every "do not send": the user is asked again (a new key was entered). */
  async forgetDenied(): Promise<void> {
    const kept = Object.fromEntries(Object.entries(this.answers()).filter(([, v]) => v === 'allow'));
    await this.state.update(STATE_KEY, kept);
  }

  private answers(): Record<string, unknown> {
    const v = this.state.get<unknown>(STATE_KEY);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  }
}
