/** Where the API key comes from, in order: SecretStorage, then the environment. */
export interface KeySources {
  secret(): Promise<string | undefined>;
  env: Record<string, string | undefined>;
}

export async function resolveApiKey(sources: KeySources): Promise<string | undefined> {
  const stored = (await sources.secret())?.trim();
  if (stored) return stored;
  const fromEnv = sources.env.OPENAI_API_KEY?.trim();
  return fromEnv || undefined;
}

export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/** A key-shaped string: a non-empty token with no whitespace. */
export function validateApiKey(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Enter a key, or press Escape to cancel.';
  if (/\s/.test(v)) return 'An API key has no spaces or line breaks.';
  if (v.length < 8) return 'That is too short to be an API key.';
  return undefined;
}
