/** Tokens/s at 1 and 2 threads and the editor's keystroke echo meanwhile, as results figures. */
export function threadsPass(model: string, options: { rounds?: number; keysPerPhase?: number; fixtures: string }): Promise<Record<string, unknown>>;
