/** A cursor position as the editor gives it. */
export interface SpotPosition {
  readonly line: number;
  readonly character: number;
}

/**
 * What last happened in one document, as ghost text's asks read it: the cursor moved with no
 * edit; an edit not yet answered (`arrived`: the first edit after the cursor moved there, which
 * has nothing to type through); a suggestion shown at a position (`grown`: the answer to Flint's
 * own ask after the suggestion grew, which the editor holds as an explicit answer); the editor
 * asked again where one was shown (it grew).
 */
export type Spot =
  | { readonly kind: 'moved'; readonly version: number }
  | { readonly kind: 'edited'; readonly version: number; readonly at: number; readonly arrived: boolean }
  | { readonly kind: 'shown' | 'asked-again'; readonly version: number; readonly position: SpotPosition; readonly arrived: boolean; readonly grown: boolean };

/** The spot after an edit made `version` at `at`. */
export function edited(prev: Spot | undefined, version: number, at: number): Spot {
  return { kind: 'edited', version, at, arrived: prev?.kind === 'moved' && version === prev.version + 1 };
}

/** The spot after the cursor moved with no edit, the document at `version`. */
export function moved(version: number): Spot {
  return { kind: 'moved', version };
}

/** The spot after a suggestion was shown at `position` of `version`. */
export function shown(prev: Spot | undefined, version: number, position: SpotPosition, grown: boolean): Spot {
  return { kind: 'shown', version, position, arrived: arrivedAt(prev, version), grown };
}

/** When the edit that made `version` was seen, while no suggestion answered it. */
export function changedAt(spot: Spot | undefined, version: number): number | undefined {
  return spot?.kind === 'edited' && spot.version === version ? spot.at : undefined;
}

/** Whether `version` is the first edit where the cursor arrived. */
export function arrivedAt(spot: Spot | undefined, version: number): boolean {
  if (!spot) return false;
  if (spot.kind === 'moved') return version === spot.version + 1;
  return spot.version === version && spot.arrived;
}

/** The spot after the editor was asked again where a suggestion is shown at `position` of `version` (it grew); undefined when none is. */
export function askedAgain(spot: Spot | undefined, version: number, position: SpotPosition): Spot | undefined {
  return spot?.kind === 'shown' && spot.version === version && samePosition(spot.position, position) ? { ...spot, kind: 'asked-again' } : undefined;
}

/** Where a grown suggestion is shown (to cycle from), and the spot without it; undefined when none is. */
export function grownAt(spot: Spot | undefined, version: number): { position: SpotPosition; rest: Spot } | undefined {
  if (!spot || spot.kind === 'moved' || spot.kind === 'edited' || !spot.grown || spot.version !== version) return undefined;
  return { position: spot.position, rest: { ...spot, grown: false } };
}

function samePosition(a: SpotPosition, b: SpotPosition): boolean {
  return a.line === b.line && a.character === b.character;
}
