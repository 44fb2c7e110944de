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
        message: `Setting "flint.${key}" is invalid (${issue}): got ${JSON.stringify(raw)}. Using the default ${JSON.stringify(fallback)}; fix it in Settings.`,
      });
      out[key] = fallback;
    }
  }
  return { config: out as Config, problems };
}

export function defaultConfig(): Config {
  return parseConfig(() => undefined).config;
}
