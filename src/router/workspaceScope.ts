/**
 * Does an instruction ask for a change (or an answer) that spans the workspace? Returns the
 * phrase that says so, for the reason shown to the user. Expects prose without code, URLs
 * or quoted literals (see proseText.ts).
 */
const PLACES = String.raw`(?:project|codebase|code\s*base|repo|repository|workspace|monorepo|solution|app|application)`;
const WIDE = [
  String.raw`\beverywhere\b`,
  String.raw`\bthroughout\b`,
  String.raw`\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?(?:callers?|call[\s-]?sites?|usages?|uses|references|importers|consumers|implementations|(?:source\s+|test\s+)?files?|modules|packages)\b`,
  String.raw`\bfind\s+(?:usages|references)\b`,
  String.raw`\bwherever\b[^.?!\n]{0,40}?\b(?:used|called|referenced|imported)\b`,
  String.raw`\bacross\s+(?:the\s+|all\s+(?:the\s+)?|every\s+|our\s+|this\s+|multiple\s+|several\s+|many\s+)?(?:whole\s+|entire\s+)?(?:${PLACES}|files|modules|packages|services)\b`,
  String.raw`\b(?:whole|entire)\s+${PLACES}\b`,
  String.raw`\b${PLACES}[\s-]wide\b`,
  String.raw`\b(?:in\s+)?(?:all\s+)?(?:the\s+)?other\s+files\b`,
  String.raw`\brest\s+of\s+the\s+${PLACES}\b`,
  String.raw`(?<![\w@])[@#](?:workspace|codebase)\b`,
];
const WIDE_RE = new RegExp(WIDE.join('|'), 'gi');

// "everywhere in this function", "throughout the file": the scope is named, and it is local.
const LOCAL_SCOPE = new RegExp(
  String.raw`\b(?:in|within|inside|of|throughout)\s+(?:this|the|that|my|the\s+current|the\s+selected|the\s+active)\s+(?:function|method|file|class|block|loop|component|snippet|selection|selected\s+code|test|line|lines|module|scope|body|struct|enum|interface|hunk)\b`,
  'i',
);
const NAMES_WORKSPACE = new RegExp(String.raw`\b${PLACES}\b|\bfiles?\b`, 'i');
// "don't rename it everywhere": a negation a few words before the phrase.
const NEGATED = /(?:\bnot|n't|\bnever|\bwithout)\s+(?:\S+\s+){0,3}$/i;
const SENTENCE_END = /[.?!;\n]/;
// Scope words further away than this belong to another thought; the cap also keeps a long
// run-on message with many matches linear.
const REACH = 160;

function sentenceAround(prose: string, start: number, end: number): { before: string; sentence: string } {
  let s = start;
  while (s > 0 && start - s < REACH && !SENTENCE_END.test(prose[s - 1])) s--;
  let e = end;
  while (e < prose.length && e - end < REACH && !SENTENCE_END.test(prose[e])) e++;
  return { before: prose.slice(s, start), sentence: prose.slice(s, e) };
}

export function workspaceWidePhrase(prose: string): string | undefined {
  for (const m of prose.matchAll(WIDE_RE)) {
    const start = m.index ?? 0;
    const phrase = m[0];
    const { before, sentence } = sentenceAround(prose, start, start + phrase.length);
    if (NEGATED.test(before)) continue;
    const local = LOCAL_SCOPE.exec(sentence);
    if (local && !NAMES_WORKSPACE.test(phrase)) {
      const rest = sentence.replace(local[0], ' ').replace(phrase, ' ');
      if (!NAMES_WORKSPACE.test(rest)) continue;
    }
    return phrase.replace(/\s+/g, ' ').trim();
  }
  return undefined;
}
