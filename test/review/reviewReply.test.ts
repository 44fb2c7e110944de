import { describe, expect, it } from 'vitest';
import { oneSentence, parseReviewReply, placeFindings, reviewJsonSchema } from '../../src/review/reviewReply';

const hunk = { start: 9, end: 12 };

describe('parseReviewReply', () => {
  it('reads findings in document lines, with or without a replacement', () => {
    const reply = JSON.stringify({
      findings: [
        { startLine: 10, endLine: 11, severity: 'error', message: 'Off by one.', replacement: 'a\nb' },
        { startLine: 12, endLine: 12, severity: 'info', message: 'Unused.', replacement: null },
      ],
    });
    expect(parseReviewReply(reply, hunk)).toEqual({
      ok: true,
      findings: [
        { lines: { start: 9, end: 11 }, severity: 'error', message: 'Off by one.', replacement: 'a\nb' },
        { lines: { start: 11, end: 12 }, severity: 'info', message: 'Unused.' },
      ],
    });
  });

  it('tolerates a fenced reply', () => {
    const r = parseReviewReply('```json\n{"findings":[]}\n```\n', hunk);
    expect(r).toEqual({ ok: true, findings: [] });
  });

  it('refuses what is not JSON, not the schema, or names lines outside the hunk', () => {
    const notJson = parseReviewReply('Looks good to me!', hunk);
    expect(notJson).toMatchObject({ ok: false });
    expect(!notJson.ok && notJson.reason).toMatch(/^not JSON: Looks good/);
    const wrong = parseReviewReply('{"findings":[{"startLine":10,"endLine":10,"severity":"fatal","message":"x"}]}', hunk);
    expect(!wrong.ok && wrong.reason).toMatch(/not a review \(findings\.0\.severity/);
    const extra = parseReviewReply('{"findings":[],"note":"hi"}', hunk);
    expect(extra.ok).toBe(false);
    const outside = parseReviewReply('{"findings":[{"startLine":10,"endLine":10,"severity":"error","message":"a"},{"startLine":3,"endLine":4,"severity":"error","message":"b"}]}', hunk);
    expect(!outside.ok && outside.reason).toBe('a finding names lines 3-4, outside the changed lines 10-12');
    const backwards = parseReviewReply('{"findings":[{"startLine":11,"endLine":10,"severity":"error","message":"a"}]}', hunk);
    expect(backwards.ok).toBe(false);
  });
});

describe('oneSentence', () => {
  it('keeps the first sentence on one line, bounded', () => {
    expect(oneSentence('  The index\n is off by one.  It reads past the end. ')).toBe('The index is off by one.');
    expect(oneSentence('Uses items.length here')).toBe('Uses items.length here');
    expect(oneSentence('x'.repeat(500))).toHaveLength(240);
  });
});

describe('placeFindings', () => {
  it('moves findings by the lines added above and clamps them to the document', () => {
    const f = { lines: { start: 9, end: 11 }, severity: 'error' as const, message: 'm' };
    expect(placeFindings([f], 2, 100)[0].lines).toEqual({ start: 11, end: 13 });
    expect(placeFindings([f], 0, 10)[0].lines).toEqual({ start: 9, end: 10 });
    expect(placeFindings([f], -20, 10)[0].lines).toEqual({ start: 0, end: 1 });
  });
});

describe('reviewJsonSchema', () => {
  it('is strict: every property required, nothing extra', () => {
    const item = (reviewJsonSchema.schema.properties as { findings: { items: { required: string[]; properties: object; additionalProperties: boolean } } }).findings.items;
    expect(item.required.sort()).toEqual(Object.keys(item.properties).sort());
    expect(item.additionalProperties).toBe(false);
  });
});
