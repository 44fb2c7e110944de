/**
 * Text that looks like a credential: private keys and the token formats of common services.
 * Each rule names what it found so the refusal can say why; none quotes the secret itself.
 */
interface Rule {
  name: string;
  re: RegExp;
  /** A match may run over line breaks (`\s` between the key's name and its value). */
  multiLine?: boolean;
}

/** RULES[0] is the PEM rule; this one's value is masked apart from its name. */
const AWS_SECRET = 3;
const RULES: readonly Rule[] = [
  { name: 'a private key (PEM block)', re: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----/ },
  { name: 'a PuTTY private key', re: /PuTTY-User-Key-File-\d+:/ },
  { name: 'an AWS access key id', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/ },
  { name: 'an AWS secret access key', re: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b/i, multiLine: true },
  { name: 'a GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/ },
  { name: 'a GitLab token', re: /\bgl(?:pat|dt|rt|cbt|ptt|soat)-[A-Za-z0-9_-]{20,}/ },
  { name: 'a Slack token', re: /\bxox[abposre]-[A-Za-z0-9-]{10,}|hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{16,}/ },
  { name: 'an OpenAI or Anthropic API key', re: /\bsk-(?:proj-|svcacct-|admin-|ant-(?:api|admin)\d*-)?[A-Za-z0-9_-]{32,}/ },
  { name: 'a Stripe key', re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}/ },
  { name: 'a Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'a Google OAuth client secret', re: /\bGOCSPX-[A-Za-z0-9_-]{28}\b/ },
  { name: 'an npm token', re: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { name: 'a PyPI token', re: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/ },
  { name: 'a Hugging Face token', re: /\bhf_[A-Za-z0-9]{34,}\b/ },
  { name: 'a JSON Web Token', re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}/ },
];

/**
 * Most characters scanned. Far beyond what any surface sends (ghost text sends a window around
 * the cursor, attachments are capped at 200,000 characters), and it keeps the scan's cost bounded.
 */
export const SECRET_SCAN_LIMIT = 1_000_000;

export interface SecretFinding {
  /** What was found, e.g. "a GitHub token". */
  kind: string;
  /** 1-based line of the first match. */
  line: number;
}

/**
 * The first credential-looking text in `text`, or undefined. Linear: every rule is a literal
 * prefix followed by bounded character classes, and the text is scanned once per rule; texts
 * longer than SECRET_SCAN_LIMIT are scanned in their first SECRET_SCAN_LIMIT characters.
 */
export function findSecret(text: string): SecretFinding | undefined {
  const t = scanned(text);
  return findingIn(t, earliestMatch(t, 'all'));
}

/** The part of `text` that is scanned. */
export function scanned(text: string): string {
  return text.length > SECRET_SCAN_LIMIT ? text.slice(0, SECRET_SCAN_LIMIT) : text;
}

/** A match: where it starts, and its rule's place in the list (the earlier rule wins a tie). */
export interface SecretMatch {
  index: number;
  rule: number;
  kind: string;
}

/**
 * The earliest match of the rules in `text`: all of them, only those whose matches never
 * contain a line break (their verdict on a text is their verdict on its lines), or only the
 * others.
 */
export function earliestMatch(text: string, rules: 'all' | 'lineLocal' | 'multiLine'): SecretMatch | undefined {
  let best: SecretMatch | undefined;
  for (let r = 0; r < RULES.length; r++) {
    const rule = RULES[r];
    if (rules !== 'all' && (rules === 'multiLine') !== (rule.multiLine === true)) continue;
    const m = rule.re.exec(text);
    if (m && (!best || m.index < best.index)) best = { index: m.index, rule: r, kind: rule.name };
  }
  return best;
}

/** The finding for a match in `text`, with its 1-based line. */
export function findingIn(text: string, match: SecretMatch | undefined): SecretFinding | undefined {
  if (!match) return undefined;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < match.index; i = text.indexOf('\n', i + 1)) line++;
  return { kind: match.kind, line };
}

/** A text as it may be sent: each secret-looking span replaced by a placeholder naming its kind. */
export interface MaskedText {
  text: string;
  /** The kinds masked, each once, in the order first met (empty when nothing was). */
  kinds: string[];
}

/** A private key from its BEGIN line to its END line (or to the end of the text when it has none). */
const PEM_BLOCK = /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----|$)/g;
/** The value of an AWS secret access key, after its name. */
const AWS_SECRET_VALUE = /[A-Za-z0-9/+=]{40}$/;

/** The placeholder sent instead of a secret of `kind`. */
export function secretPlaceholder(kind: string): string {
  return `[masked: ${kind}]`;
}

/**
 * `text` with every match of every rule replaced by its placeholder: a private key from its
 * BEGIN line to its END line, an AWS secret key's value (its name stays), other tokens whole.
 * findSecret finds nothing in what is left. Linear, as findSecret is; a text with no secret
 * comes back as it is, and at the cost of one findSecret.
 */
export function maskSecrets(text: string): MaskedText {
  if (text.length <= SECRET_SCAN_LIMIT && !findSecret(text)) return { text, kinds: [] };
  const kinds: string[] = [];
  const mask = (kind: string, match: string) => {
    if (!kinds.includes(kind)) kinds.push(kind);
    return kind === RULES[AWS_SECRET].name ? match.replace(AWS_SECRET_VALUE, secretPlaceholder(kind)) : secretPlaceholder(kind);
  };
  let out = text.replace(PEM_BLOCK, (m) => mask(RULES[0].name, m));
  for (const rule of RULES.slice(1)) out = out.replace(new RegExp(rule.re.source, `${rule.re.flags}g`), (m) => mask(rule.name, m));
  return { text: out, kinds };
}

/** Why `text` (named `what`) is not sent, or undefined when it may be. */
export function secretRefusal(what: string, text: string): string | undefined {
  const found = findSecret(text);
  if (!found) return undefined;
  return `Flint does not send ${what} to a model: line ${found.line} looks like ${found.kind}. Move the secret out of the file (an environment variable or a secret store), or remove it, and try again.`;
}
