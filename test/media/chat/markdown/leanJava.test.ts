import hljs from 'highlight.js/lib/core';
import java from 'highlight.js/lib/languages/java';
import type { Mode } from 'highlight.js';
import { describe, expect, it } from 'vitest';
import { leanJava } from '../../../../media/chat/markdown/leanJava';

const SAMPLE = `package app;

import java.util.*;

@Service
public final class Inventory<T extends Comparable<? super T>> implements Iterable<T> {
  private final Map<String, List<Map<Integer, T>>> byName = new HashMap<>();
  private int[] counts = {1, 2, 0x1F, 3_000L};
  public static <K, V> Map<K, List<V>> group(List<V> items, Function<V, K> key) throws IOException {
    var out = new TreeMap<K, List<V>>();
    for (V item : items) out.computeIfAbsent(key.apply(item), k -> new ArrayList<>()).add(item);
    return out; // grouped
  }
  Optional<T> first() { return byName.isEmpty() ? Optional.empty() : Optional.of(null); }
  record Pair<A, B>(A left, B right) {}
  /** Javadoc with {@code x < y} in it. */
  String text = "a < b > c";
  boolean less = a < b && c > d;
}
`;

function rules(grammar: ReturnType<typeof java>): string[] {
  return (grammar.contains as Mode[]).map((rule) => JSON.stringify(rule.begin, (_k, v: unknown) => (v instanceof RegExp ? v.source : v)) ?? '');
}

describe('leanJava', () => {
  it('rewrites exactly the two spelled-out generic rules of the shipped grammar, leaving no pattern of thousands of characters', () => {
    const stock = rules(java(hljs));
    const lean = rules(leanJava(hljs));
    expect(lean).toHaveLength(stock.length);
    expect(lean.filter((rule, i) => rule !== stock[i])).toHaveLength(2);
    expect(Math.max(...stock.map((r) => r.length))).toBeGreaterThan(5_000);
    expect(Math.max(...lean.map((r) => r.length))).toBeLessThan(1_000);
  });

  it('highlights Java exactly as the stock grammar does, generics three levels deep included', () => {
    const stock = hljs.newInstance();
    stock.registerLanguage('java', java);
    const lean = hljs.newInstance();
    lean.registerLanguage('java', leanJava);
    const html = lean.highlight(SAMPLE, { language: 'java', ignoreIllegals: true }).value;
    expect(html).toBe(stock.highlight(SAMPLE, { language: 'java', ignoreIllegals: true }).value);
    expect(html).toContain('<span class="hljs-title function_">group</span>');
    expect(html).toContain('<span class="hljs-variable">byName</span>');
  });
});
