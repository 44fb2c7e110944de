import type { SourceFunction } from './testTypes';

/** A function of a source file with where it is: its key is unique within the file. */
export type KeyedFunction = SourceFunction & { key: string };

/**
 * Functions told apart by where they are, not by name alone: the key is the qualified name
 * (`Cart.count`, `outer.helper`), and the second and later functions of the same qualified name
 * (nested helpers of one name, a property's getter and setter, a redefinition) get `#2`, `#3` …
 * in document order. Saving the same text gives the same keys, so a function only "changes"
 * when its own text does.
 */
export function keyed(functions: SourceFunction[]): KeyedFunction[] {
  const seen = new Map<string, number>();
  return functions.map((f) => {
    const n = (seen.get(f.name) ?? 0) + 1;
    seen.set(f.name, n);
    return { ...f, key: n === 1 ? f.name : `${f.name}#${n}` };
  });
}

/** Each function's text by key: what the next save is compared with. */
export function functionTexts(functions: SourceFunction[]): Map<string, string> {
  return new Map(keyed(functions).map((f) => [f.key, f.text]));
}

/** The name a key shows to the user: the qualified name, without the ordinal. */
export function keyName(key: string): string {
  return key.replace(/#\d+$/, '');
}

/** The function a key names in a file's functions (as the finder lists them). */
export function functionByKey(functions: SourceFunction[], key: string): KeyedFunction | undefined {
  return keyed(functions).find((f) => f.key === key);
}
