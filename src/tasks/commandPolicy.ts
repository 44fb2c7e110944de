/** How a task's command may run: at once, after the user's consent, or not at all. */
export type CommandDecision = { kind: 'run' } | { kind: 'ask' } | { kind: 'refuse'; reason: string };

export interface CommandPolicy {
  /** Workspace trust: in an untrusted workspace no command runs. */
  trusted: boolean;
  /** flint.tasks.allowedCommands: patterns allowed up front. */
  allowedPatterns: readonly string[];
  /** Commands the user chose "Always allow" for. */
  alwaysAllowed: { has(command: string): boolean };
  /** The project's own test command, allowed by default. */
  testCommand?: string;
}

/** Spaces and tabs collapsed, ends trimmed: `npm  test ` is `npm test` (a line break stays: it separates commands). */
export const normalizeCommand = (command: string): string => command.trim().replace(/[ \t]+/g, ' ');

/** Characters that chain, redirect or substitute in a shell. */
const SHELL_CONTROL = ';&|<>$`()\n\r';

/**
 * Whether `pattern` allows `command`: `*` stands for any run of characters and `?` for one, the
 * rest is literal and the whole command must match. Neither ever stands for a shell control
 * character, so `npm test *` allows `npm test -- a.test.ts` but not `npm test; curl …`.
 */
export function commandMatches(pattern: string, command: string): boolean {
  const free = `[^${SHELL_CONTROL.replace(/[\]\\^-]/g, '\\$&').replace('\n', '\\n').replace('\r', '\\r')}]`;
  const source = normalizeCommand(pattern)
    .split('')
    .map((c) => (c === '*' ? `${free}*` : c === '?' ? free : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(normalizeCommand(command));
}

/** What to do with a command a task wants to run. */
export function decideCommand(command: string, policy: CommandPolicy): CommandDecision {
  if (!policy.trusted) return { kind: 'refuse', reason: 'commands run only in a trusted workspace: this workspace is not trusted, so the command was not run' };
  const c = normalizeCommand(command);
  if (c === '') return { kind: 'refuse', reason: 'the command is empty' };
  if (policy.alwaysAllowed.has(c)) return { kind: 'run' };
  if (policy.testCommand && c === normalizeCommand(policy.testCommand)) return { kind: 'run' };
  if (policy.allowedPatterns.some((p) => commandMatches(p, c))) return { kind: 'run' };
  return { kind: 'ask' };
}
