import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiffRow } from '../../src/rewrite/diffRow';

export interface GoldenCase {
  name: string;
  document: string;
  /** Region lines [start, end). */
  region: [number, number];
  reply: string;
  expectedDocument: string;
  /** Rows of the exact diff: " " same, "-" removed, "+" added, then the text. */
  expectedDiff: string[];
  /** Rows decided while streaming, before the exact diff replaces them. */
  expectedStreaming: string[];
}

export const goldenCases: GoldenCase[] = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/edits/lineDiffCases.json'), 'utf8'),
).cases;

export function eolOf(text: string): '\n' | '\r\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

export function regionOf(c: GoldenCase): string[] {
  return c.document.split(eolOf(c.document)).slice(c.region[0], c.region[1]);
}

export function formatRows(rows: readonly DiffRow[]): string[] {
  return rows.map((r) => (r.kind === 'same' ? ' ' : r.kind === 'removed' ? '-' : '+') + r.text);
}

/** Splits text into pieces of 1–7 characters (a fixed pattern, like tokens of varying size). */
export function chunks(text: string, seed = 3): string[] {
  const out: string[] = [];
  let s = seed;
  for (let i = 0; i < text.length; ) {
    s = (s * 7 + 5) % 11;
    const n = 1 + (s % 7);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

/** The original lines a row list keeps (same and removed, in order). */
export function originalOf(rows: readonly DiffRow[]): string[] {
  return rows.filter((r) => r.kind !== 'added').map((r) => r.text);
}

/** The result lines of a row list (same and added, in order). */
export function resultOf(rows: readonly DiffRow[]): string[] {
  return rows.filter((r) => r.kind !== 'removed').map((r) => r.text);
}
