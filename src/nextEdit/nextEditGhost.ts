/**
 * What ghost text and next edit tell each other, called in-process on the keystroke path (an
 * internal command would cost two extension-host messages per keystroke): a predicted insertion
 * at the cursor is offered as ordinary ghost text, and ghost text shown by the provider takes
 * the stage from a drawn prediction (one suggestion at a time).
 */
export interface NextEditGhost {
  /** The predicted insertion at this offset of this document, if one is on offer. */
  ghostAt(docKey: string, offset: number): string | undefined;
  /** The provider's ghost text is on screen for this document version. */
  ghostTextShown(docKey: string, version: number): void;
}
