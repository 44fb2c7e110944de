import type { LineRange } from '../code/enclosingBlock';

/** A diagnostic from another source (the language server, a linter), in lines [start, end). */
export interface OtherDiagnostic {
  lines: LineRange;
  message: string;
}

const COMMON = new Set(['this', 'that', 'with', 'from', 'have', 'will', 'should', 'could', 'would', 'there', 'which', 'when', 'value', 'line', 'type', 'never', 'used', 'does', 'into', 'than', 'then', 'here']);

/**
 * Whether a finding repeats what another source already reports: a diagnostic on the same
 * lines, or one on overlapping lines that names the same thing (a shared word of 4+ letters
 * that is not a common one, e.g. the identifier both complain about).
 */
export function repeatsOther(finding: { lines: LineRange; message: string }, others: readonly OtherDiagnostic[]): boolean {
  const mine = words(finding.message);
  for (const o of others) {
    if (o.lines.start >= finding.lines.end || o.lines.end <= finding.lines.start) continue;
    if (o.lines.start === finding.lines.start && o.lines.end === finding.lines.end) return true;
    for (const w of words(o.message)) if (mine.has(w)) return true;
  }
  return false;
}

function words(message: string): Set<string> {
  return new Set((message.toLowerCase().match(/[a-z_$][\w$]{3,}/g) ?? []).filter((w) => !COMMON.has(w)));
}
