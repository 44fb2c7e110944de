import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompletionMode, Suggestion } from '../../../src/completions/completionTypes';
import { balanceBrackets } from '../../../src/completions/filters/balanceBrackets';
import { dropEmpty } from '../../../src/completions/filters/dropEmpty';
import { dropRepeatedSuffix } from '../../../src/completions/filters/dropRepeatedSuffix';
import { keepIndentation } from '../../../src/completions/filters/keepIndentation';
import { stopAtEndOfBlock } from '../../../src/completions/filters/stopAtEndOfBlock';
import { stripCodeFences } from '../../../src/completions/filters/stripCodeFences';
import { stripEchoedPrefix } from '../../../src/completions/filters/stripEchoedPrefix';
import { CURSOR_MARKER } from '../../../src/completions/cursorMarker';
import type { SuggestionFilter, TextNormalizer } from '../../../src/completions/filters/suggestionFilter';
import { trimTrailingWhitespace } from '../../../src/completions/filters/trimTrailingWhitespace';

interface NormalizerCase {
  name: string;
  lineBefore?: string;
  raw: string;
  final: boolean;
  expected: string;
}

interface FilterCase {
  name: string;
  lineBefore?: string;
  lineAfter?: string;
  suffix?: string;
  mode?: CompletionMode;
  text: string;
  replaceSuffix?: number;
  expected: Suggestion;
}

const normalizers: Record<string, (lineBefore: string) => TextNormalizer> = {
  stripCodeFences: () => stripCodeFences,
  stripEchoedPrefix: (lineBefore) => stripEchoedPrefix(lineBefore, CURSOR_MARKER),
  keepIndentation,
  trimTrailingWhitespace: () => trimTrailingWhitespace,
};

const filters: Record<string, SuggestionFilter> = { stopAtEndOfBlock, dropRepeatedSuffix, balanceBrackets, dropEmpty };

const dir = join(__dirname, '../../fixtures/completions/filters');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('filter golden cases', () => {
  it('has a golden file for every filter and normalizer', () => {
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...Object.keys(normalizers), ...Object.keys(filters)].sort());
  });

  for (const file of files) {
    const name = file.replace('.json', '');
    const golden = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { kind: string; cases: unknown[] };
    describe(name, () => {
      if (golden.kind === 'normalizer') {
        it.each(golden.cases as NormalizerCase[])('$name', (c) => {
          expect(normalizers[name](c.lineBefore ?? '')(c.raw, c.final)).toBe(c.expected);
        });
        it.each(golden.cases as NormalizerCase[])('$name: a longer stream never takes text back', (c) => {
          // Streaming stability: every shorter raw text normalizes to a prefix of a longer one's.
          const normalize = normalizers[name](c.lineBefore ?? '');
          let previous = '';
          for (let i = 0; i <= c.raw.length; i++) {
            const now = normalize(c.raw.slice(0, i), false);
            expect(now.startsWith(previous), `at ${i}: ${JSON.stringify(previous)} -> ${JSON.stringify(now)}`).toBe(true);
            previous = now;
          }
        });
      } else {
        it.each(golden.cases as FilterCase[])('$name', (c) => {
          const lineAfter = c.lineAfter ?? '';
          const ctx = {
            lineBefore: c.lineBefore ?? '',
            lineAfter,
            suffix: c.suffix ?? lineAfter,
            mode: c.mode ?? { kind: 'line' as const },
          };
          expect(filters[name]({ text: c.text, replaceSuffix: c.replaceSuffix ?? 0 }, ctx)).toEqual(c.expected);
        });
      }
    });
  }
});
