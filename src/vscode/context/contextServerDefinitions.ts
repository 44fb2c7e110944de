import * as vscode from 'vscode';
import type { CodeSymbol } from '../../code/codeSymbol';
import type { ContextItem } from '../../context/contextItem';
import { definitionItem, definitionKey } from '../../context/definitionItems';
import type { NameUse } from '../../context/namesInPlay';
import type { SymbolIndex } from '../../code/symbolIndex';

/** Names asked about per gathering (nearest first). */
const MAX_NAMES = 24;
/** Of those, the ones whose type definition is asked for too. */
const MAX_TYPE_NAMES = 6;
/** Requests to the language server at once. */
const PARALLEL = 4;
/** Documents whose answers are kept. */
const MAX_DOCUMENTS = 16;
/** An empty answer (a server still starting, say) is asked again after this long, same version or not. */
const RETRY_EMPTY_MS = 5_000;

type Answer = { items: ContextItem[] };

/**
 * Definitions from the editor's language servers (`vscode.executeDefinitionProvider`,
 * `executeTypeDefinitionProvider`; `executeDocumentSymbolProvider` for languages the parser has
 * no grammar for), asked ahead, on pause, open and save, with a deadline, and kept per
 * document and name. Asking for context reads only what has come back: a slow, missing or
 * throwing server gives less context, never a wait or an error.
 */
export class ServerDefinitions {
  /** Per document path: per name, its answer and the document version it was asked for. */
  private readonly answers = new Map<string, Map<string, Answer & { version: number; at: number }>>();
  /** What the last gathering did: names asked, locations the servers gave, definitions kept. */
  lastGathering = { asked: 0, locations: 0, kept: 0 };

  constructor(
    private readonly index: SymbolIndex,
    private readonly indexDocument: (doc: vscode.TextDocument) => Promise<void>,
    private readonly allowed: (uri: vscode.Uri) => boolean,
  ) {}

  /** What has come back for `uses` in `path` (whatever version it was asked for). */
  ready(path: string, uses: readonly NameUse[]): ContextItem[] {
    const mine = this.answers.get(path);
    if (!mine) return [];
    return uses.flatMap((u) => (mine.get(key(u))?.items ?? []).map((i) => ({ ...i, distance: i.distance + u.distance, uses: u.count })));
  }

  /** Asks about the names of `uses` not answered yet for this version; stops asking at `deadline` (ms, Date.now()). */
  async gather(doc: vscode.TextDocument, uses: readonly NameUse[], deadline: number): Promise<void> {
    const path = vscode.workspace.asRelativePath(doc.uri, false);
    let mine = this.answers.get(path);
    if (!mine) {
      this.answers.set(path, (mine = new Map()));
      while (this.answers.size > MAX_DOCUMENTS) this.answers.delete(this.answers.keys().next().value!);
    }
    const now = Date.now();
    const stale = (a: (Answer & { version: number; at: number }) | undefined) => !a || a.version !== doc.version || (a.items.length === 0 && now - a.at > RETRY_EMPTY_MS);
    const wanted = uses.slice(0, MAX_NAMES).filter((u) => stale(mine.get(key(u))));
    const queue = wanted.map((use, i) => ({ use, types: i < MAX_TYPE_NAMES }));
    this.lastGathering = { asked: wanted.length, locations: 0, kept: 0 };
    const worker = async () => {
      for (let next = queue.shift(); next && Date.now() < deadline; next = queue.shift()) {
        const items = await this.ask(doc, next.use, next.types, deadline);
        if (items) mine.set(key(next.use), { items, version: doc.version, at: Date.now() });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  }

  private async ask(doc: vscode.TextDocument, use: NameUse, types: boolean, deadline: number): Promise<ContextItem[] | undefined> {
    const at = new vscode.Position(use.line, use.column);
    const definitions = await withDeadline(locations('vscode.executeDefinitionProvider', doc.uri, at), deadline);
    if (definitions === undefined) return undefined;
    const typeDefinitions = types ? ((await withDeadline(locations('vscode.executeTypeDefinitionProvider', doc.uri, at), deadline)) ?? []) : [];
    const items: ContextItem[] = [];
    this.lastGathering.locations += definitions.length + typeDefinitions.length;
    for (const [loc, hop] of [...definitions.map((l) => [l, 0] as const), ...typeDefinitions.map((l) => [l, 1] as const)]) {
      if (loc.uri.toString() === doc.uri.toString() || !this.allowed(loc.uri)) continue;
      const item = await this.itemAt(loc, use, hop);
      if (item && !items.some((i) => i.key === item.key)) items.push(item);
    }
    this.lastGathering.kept += items.length;
    return items;
  }

  /** The definition around a location the server gave, read with the parser (or the server's own symbols). */
  private async itemAt(loc: vscode.Location, use: NameUse, hop: number): Promise<ContextItem | undefined> {
    const target = await vscode.workspace.openTextDocument(loc.uri).then(undefined, () => undefined);
    if (!target) return undefined;
    const path = vscode.workspace.asRelativePath(loc.uri, false);
    await this.indexDocument(target);
    const symbol = innermost(this.index.outline(path)?.symbols ?? [], loc.range.start);
    const found = { name: use.name, line: 0, column: 0, count: 1, distance: 0 };
    if (symbol) return definitionItem(this.index, { path, symbol, use: found, sameFile: false, hop });
    const symbols = await withDeadline(
      Promise.resolve(vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', loc.uri)),
      Date.now() + 500,
    );
    const own = symbols && innermostDocumentSymbol(symbols, loc.range.start);
    if (!own) return undefined;
    const text = target.lineAt(own.range.start.line).text.trim();
    return { source: 'definitions', path, line: own.range.start.line, text, distance: hop * 24, ageMs: 0, uses: 1, key: definitionKey(path, { name: own.name, range: { start: { line: own.range.start.line, column: 0 }, end: { line: own.range.end.line, column: 0 } } }) };
  }
}

function key(use: NameUse): string {
  return use.qualifier ? `${use.qualifier}.${use.name}` : use.name;
}

async function locations(command: string, uri: vscode.Uri, at: vscode.Position): Promise<vscode.Location[]> {
  const answer = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[] | undefined>(command, uri, at);
  return (answer ?? []).map((l) => ('targetUri' in l ? new vscode.Location(l.targetUri, l.targetSelectionRange ?? l.targetRange) : l));
}

/** The promise's value, or undefined when it rejects or `deadline` (Date.now()) passes first. */
function withDeadline<T>(promise: Thenable<T>, deadline: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
    Promise.resolve(promise).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/** The innermost definition whose range holds `at` (its name, usually). */
function innermost(symbols: readonly CodeSymbol[], at: vscode.Position): CodeSymbol | undefined {
  let best: CodeSymbol | undefined;
  for (const s of symbols) {
    const { start, end } = s.range;
    const inside = (at.line > start.line || (at.line === start.line && at.character >= start.column)) && (at.line < end.line || (at.line === end.line && at.character <= end.column));
    if (inside && (!best || s.range.start.line >= best.range.start.line)) best = s;
  }
  return best;
}

function innermostDocumentSymbol(symbols: readonly vscode.DocumentSymbol[], at: vscode.Position): vscode.DocumentSymbol | undefined {
  for (const s of symbols) {
    // Some servers answer with flat SymbolInformation (a location, no range): nothing to nest.
    if (!s.range?.contains(at)) continue;
    return innermostDocumentSymbol(s.children ?? [], at) ?? s;
  }
  return undefined;
}
