/**
 * Internal commands between the ghost-text provider and next edit, so neither imports the
 * other: a predicted insertion at the cursor is offered as ordinary ghost text, and ghost text
 * shown by the provider takes the stage from a drawn prediction (one suggestion at a time).
 */
export const NEXT_EDIT_GHOST_COMMAND = 'flint.internal.nextEditGhost';
export const GHOST_TEXT_SHOWN_COMMAND = 'flint.internal.ghostTextShown';
