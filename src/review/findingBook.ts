import type { LineRange } from '../code/enclosingBlock';
import { codeKey, type DismissedCode } from './dismissedCode';
import { shiftRange, type LineEdit } from './lineEdit';
import { repeatsOther, type OtherDiagnostic } from './repeatsOther';
import type { ReviewFinding } from './reviewReply';

/** A finding as shown: with the id its diagnostic carries and the key of the code it is about. */
export interface Finding extends ReviewFinding {
  id: string;
  codeKey: string;
}

/**
 * One document's findings: a new review of a hunk replaces those on its lines, an edit
 * withdraws those on the lines it touched (and moves the rest), a dismissal removes a finding
 * and keeps any other away from the same code.
 */
export class FindingBook {
  private findings: Finding[] = [];

  constructor(
    private readonly dismissed: DismissedCode,
    private readonly nextId: () => string,
  ) {}

  all(): readonly Finding[] {
    return this.findings;
  }

  get(id: string): Finding | undefined {
    return this.findings.find((f) => f.id === id);
  }

  /** The findings of a new review of `hunk` (document lines `text`) replace the old ones there. */
  supersede(hunk: LineRange, found: readonly ReviewFinding[], text: readonly string[]): void {
    const kept = this.findings.filter((f) => f.lines.end <= hunk.start || f.lines.start >= hunk.end);
    for (const f of found) {
      const key = codeKey(text.slice(f.lines.start, f.lines.end));
      if (this.dismissed.has(key)) continue;
      kept.push({ ...f, id: this.nextId(), codeKey: key });
    }
    this.findings = kept.sort((a, b) => a.lines.start - b.lines.start);
  }

  /** Withdraws findings on lines the edit touched and moves the others; true when any was withdrawn. */
  edit(edit: LineEdit): boolean {
    const before = this.findings.length;
    const next: Finding[] = [];
    for (const f of this.findings) {
      const lines = shiftRange(f.lines, edit);
      if (lines) next.push(lines === f.lines ? f : { ...f, lines });
    }
    this.findings = next;
    return next.length !== before;
  }

  /** Removes the finding and keeps findings away from its code from now on. */
  dismiss(id: string): boolean {
    const f = this.get(id);
    if (!f) return false;
    this.dismissed.add(f.codeKey);
    this.findings = this.findings.filter((x) => x.codeKey !== f.codeKey);
    return true;
  }

  /** Removes one finding (its fix is being applied). */
  remove(id: string): void {
    this.findings = this.findings.filter((f) => f.id !== id);
  }

  clear(): void {
    this.findings = [];
  }

  /** What to show: findings that another source does not already report. */
  visible(others: readonly OtherDiagnostic[]): Finding[] {
    return others.length === 0 ? [...this.findings] : this.findings.filter((f) => !repeatsOther(f, others));
  }
}
