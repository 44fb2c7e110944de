import type { HLJSApi, Language, LanguageFn, Mode } from 'highlight.js';
import java from 'highlight.js/lib/languages/java';

/**
 * highlight.js's Java grammar, with the same highlighting for a fraction of its compile time.
 * Two of its top-level rules (a typed declaration `Type<Args> name =` and a method `Type<Args>
 * name(`) spell generic type arguments to three levels of nesting by repeating the whole
 * identifier pattern: a 6 KB regular expression each, which took the page 70–250 ms to compile
 * the first time Java was highlighted, inside one task. Here the type arguments are a bracket
 * pattern with the same three levels of nesting and no identifier inside; the rest of each
 * rule (the type name, the declared name, the scopes) is the library's own.
 */
const TYPE_ARGUMENTS = String.raw`(?:\s*<[^<>;=(){}]*(?:<[^<>;=(){}]*(?:<[^<>;=(){}]*>[^<>;=(){}]*)*>[^<>;=(){}]*)*>)?(?:(?:\s*\[\s*])+)?\s+`;
/** The library's spelled-out type arguments run to thousands of characters; nothing else does. */
const SPELLED_OUT = 1_000;

export const leanJava: LanguageFn = (hljs: HLJSApi): Language => {
  const grammar = java(hljs);
  for (const rule of grammar.contains as Mode[]) {
    const begin = rule.begin as unknown;
    if (!Array.isArray(begin) || begin.length < 4) continue;
    const args: unknown = begin[1];
    const source = args instanceof RegExp ? args.source : String(args);
    if (source.length > SPELLED_OUT) begin[1] = TYPE_ARGUMENTS;
  }
  return grammar;
};
