// Types of what the tests read from the lint rule.
export const LAYERS: readonly (readonly string[])[];
export const WEBVIEW_SHARED: readonly string[];
export function layerViolation(file: string, source: string, target: string | null): string | null;
