export function sleep(ms: number): Promise<void>;
/** Polls `check` every `pollMs` until it returns a truthy value (which it returns); throws naming `what` after `timeoutMs`. */
export function until<T>(what: string, check: () => T | Promise<T>, timeoutMs?: number, pollMs?: number): Promise<T>;
