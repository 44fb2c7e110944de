import { settingsSchema, type SettingKey, type SettingValues } from './schema';

export type Config = Readonly<SettingValues>;

export interface ConfigProblem {
  setting: string;
  message: string;
}

/**
 * Validates raw setting values (as read from the editor) into a Config. An invalid value never
 * throws: it is replaced by its default and reported once, naming the setting and the fix.
 */
export function parseConfig(read: (key: SettingKey) => unknown): { config: Config; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(settingsSchema) as SettingKey[]) {
    const schema = settingsSchema[key];
    const raw = read(key);
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      out[key] = parsed.data;
    } else {
      const fallback = schema.parse(undefined);
      const issue = parsed.error.issues[0]?.message ?? 'invalid value';
      problems.push({
        setting: `flint.${key}`,
        message: `Setting "flint.${key}" is invalid (${issue}): got ${preview(raw)}. Using the default ${JSON.stringify(fallback)}; fix it in Settings.`,
      });
      out[key] = fallback;
    }
  }
  return { config: out as Config, problems };
}

/**
 * A short, credential-free echo of a bad value: a key pasted into a URL setting must not be
 * repeated in a notification, and a huge value is cut.
 */
function preview(raw: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(raw) ?? String(raw);
  } catch {
    text = String(raw);
  }
  text = text.replace(/\bsk-[A-Za-z0-9_-]{4,}/g, 'sk-…');
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export function defaultConfig(): Config {
  return parseConfig(() => undefined).config;
}
