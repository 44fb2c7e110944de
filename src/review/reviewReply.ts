import { z } from 'zod';
import type { LineRange } from '../code/enclosingBlock';
import { stripJsonFence } from './jsonFence';

const MESSAGE_CHARS = 240;

const findingSchema = z
  .object({
    startLine: z.number().int(),
    endLine: z.number().int(),
    severity: z.enum(['error', 'warning', 'info']),
    message: z.string().trim().min(1),
    replacement: z.string().nullish(),
  })
  .strict();

export const reviewReplySchema = z.object({ findings: z.array(findingSchema).max(50) }).strict();

/** The same schema for the request's structured output (strict mode: every field required). */
export const reviewJsonSchema: { name: string; schema: Record<string, unknown> } = {
  name: 'flint_review',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['findings'],
    properties: {
      findings: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['startLine', 'endLine', 'severity', 'message', 'replacement'],
          properties: {
            startLine: { type: 'integer' },
            endLine: { type: 'integer' },
            severity: { type: 'string', enum: ['error', 'warning', 'info'] },
            message: { type: 'string' },
            replacement: { type: ['string', 'null'] },
          },
        },
      },
    },
  },
};

export type Severity = 'error' | 'warning' | 'info';

/** One problem the model found, in document lines [start, end). */
export interface ReviewFinding {
  lines: LineRange;
  severity: Severity;
  message: string;
  /** The new text of those lines, when the model offered one. */
  replacement?: string;
}

export type ParsedReply = { ok: true; findings: ReviewFinding[] } | { ok: false; reason: string };

/**
 * Reads a review reply for a hunk: JSON (fenced or not) in the reply schema, every finding on
 * the hunk's lines. Anything else is refused whole, with the reason for the log.
 */
export function parseReviewReply(text: string, hunk: LineRange): ParsedReply {
  let raw: unknown;
  try {
    raw = JSON.parse(stripJsonFence(text));
  } catch {
    return { ok: false, reason: `not JSON: ${preview(text)}` };
  }
  const parsed = reviewReplySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `not a review (${issue.path.join('.') || 'reply'}: ${issue.message})` };
  }
  const findings: ReviewFinding[] = [];
  for (const f of parsed.data.findings) {
    const start = f.startLine - 1;
    const end = f.endLine;
    if (end <= start || start < hunk.start || end > hunk.end) {
      return { ok: false, reason: `a finding names lines ${f.startLine}-${f.endLine}, outside the changed lines ${hunk.start + 1}-${hunk.end}` };
    }
    const replacement = f.replacement ?? undefined;
    findings.push({ lines: { start, end }, severity: f.severity, message: oneSentence(f.message), ...(replacement !== undefined && { replacement }) });
  }
  return { ok: true, findings };
}

/** The first sentence, on one line, at most MESSAGE_CHARS long. */
export function oneSentence(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  const end = /[.!?](\s|$)/.exec(flat);
  const first = end ? flat.slice(0, end.index + 1) : flat;
  return first.length <= MESSAGE_CHARS ? first : `${first.slice(0, MESSAGE_CHARS - 1)}…`;
}

/** Moves findings by `delta` lines and clamps them to a document of `lineCount` lines. */
export function placeFindings(findings: readonly ReviewFinding[], delta: number, lineCount: number): ReviewFinding[] {
  const out: ReviewFinding[] = [];
  for (const f of findings) {
    const start = Math.max(0, Math.min(f.lines.start + delta, lineCount - 1));
    const end = Math.max(start + 1, Math.min(f.lines.end + delta, lineCount));
    out.push({ ...f, lines: { start, end } });
  }
  return out;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat || '(empty)';
}
