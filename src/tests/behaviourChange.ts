import type { TestLanguage } from './testTypes';

/** What a function can newly do that its tests may not cover yet. */
export interface BehaviourChange {
  parameters: boolean;
  branches: boolean;
  errors: boolean;
}

const BRANCHES: Record<TestLanguage, RegExp> = {
  js: /\b(if|case|catch)\b|\?\?|&&|\|\||\?(?=[^.:?])/g,
  python: /\b(if|elif|except|case|and|or)\b/g,
  go: /\b(if|case|select)\b|&&|\|\|/g,
};
const ERRORS: Record<TestLanguage, RegExp> = { js: /\bthrow\b/g, python: /\braise\b/g, go: /\b(panic|errors\.New|fmt\.Errorf)\b/g };

/** The text with comments and string contents blanked, so their words do not count. */
function code(text: string, language: TestLanguage): string {
  const comment = language === 'python' ? /#.*$/gm : /\/\/.*$|\/\*[\s\S]*?\*\//gm;
  return text.replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, '""').replace(comment, '');
}

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/** The parameter list of the declaration's first line(s): what is between its first brackets. */
function parameters(text: string): string {
  const open = text.indexOf('(');
  if (open < 0) return '';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i).replace(/\s+/g, ' ').trim();
  }
  return '';
}

/**
 * How a function changed in what it does, beyond its arithmetic: new or different parameters,
 * more branches, more ways to fail. Undefined when none: the existing tests are what it needs.
 */
export function behaviourChange(before: string, after: string, language: TestLanguage): BehaviourChange | undefined {
  const [b, a] = [code(before, language), code(after, language)];
  const change = {
    parameters: parameters(b) !== parameters(a),
    branches: count(a, BRANCHES[language]) > count(b, BRANCHES[language]),
    errors: count(a, ERRORS[language]) > count(b, ERRORS[language]),
  };
  return change.parameters || change.branches || change.errors ? change : undefined;
}

/** The change in words, for the model. */
export function describeChange(c: BehaviourChange): string {
  const parts = [c.parameters ? 'its parameters changed' : '', c.branches ? 'it has new branches' : '', c.errors ? 'it can fail in new ways' : ''].filter(Boolean);
  return parts.join(', ');
}
