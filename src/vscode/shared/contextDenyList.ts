import * as vscode from 'vscode';
import { createDenyList } from '../../privacy/denyList';
import { VerdictCache } from '../../privacy/verdictCache';
import type { Services } from '../../services';
import { realLocationSync } from './workspacePath';

interface Built {
  signature: string;
  denied: (path: string) => boolean;
}

/** Per services object: the compiled list and the bad patterns already reported. */
const cache = new WeakMap<Services, { built?: Built; reported: Set<string> }>();

/**
 * The "never send this file" predicate as the settings are now: built-in secrets,
 * `flint.context.denyList` and `files.exclude`. Compiled once per settings change; a bad pattern
 * is logged once and skipped. Paths are workspace-relative (`asRelativePath(uri, false)`).
 */
export function currentDenyList(services: Services): (path: string) => boolean {
  let entry = cache.get(services);
  if (!entry) cache.set(services, (entry = { reported: new Set() }));
  const extra = services.config()['context.denyList'];
  const excludeGlobs = excludedGlobs();
  const signature = JSON.stringify([extra, excludeGlobs]);
  if (entry.built?.signature !== signature) {
    const reported = entry.reported;
    const denied = createDenyList(extra, excludeGlobs, {
      onBadPattern: (message) => {
        if (reported.has(message)) return;
        reported.add(message);
        services.log.warn(`deny list: ${message} (flint.context.denyList or files.exclude; the pattern is skipped)`);
      },
    });
    entry.built = { signature, denied };
  }
  return entry.built.denied;
}

/**
 * The globs `files.exclude` turns on. It is a resource-scoped setting: read for each workspace
 * folder (a folder's own settings count) and joined; with no folder, for any resource.
 */
function excludedGlobs(): string[] {
  const scopes: (vscode.Uri | null)[] = vscode.workspace.workspaceFolders?.map((f) => f.uri) ?? [null];
  const globs = new Set<string>();
  for (const scope of scopes) {
    const excluded = vscode.workspace.getConfiguration('files', scope).get<Record<string, unknown>>('exclude') ?? {};
    for (const [glob, on] of Object.entries(excluded)) if (on === true) globs.add(glob);
  }
  return [...globs];
}

/**
 * True when the document or file must never be sent. A URI is checked by its workspace-relative
 * path and by where it really is: a link to a file outside the workspace folders, or to a denied
 * file inside them, is denied too.
 */
export function isDeniedTarget(services: Services, target: vscode.Uri | string): boolean {
  const denied = currentDenyList(services);
  if (typeof target === 'string') return denied(target);
  const path = vscode.workspace.asRelativePath(target, false);
  if (denied(path)) return true;
  const real = realLocationSync(target);
  return real !== undefined && (real.outside || (real.relative !== undefined && real.relative !== path && denied(real.relative)));
}

/** How long a remembered verdict stands when no event said that it changed. */
const VERDICT_MAX_AGE_MS = 2000;

/**
 * For the keystroke path: the predicate, with verdicts remembered per file (no settings read,
 * path resolved or link followed on each keystroke) and forgotten when `flint.context.denyList`,
 * `files.exclude`, the workspace folders or files change, and after a short time regardless.
 */
export function watchDenyList(context: vscode.ExtensionContext, services: Services): (target: vscode.Uri | string) => boolean {
  const verdicts = new VerdictCache(() => services.now(), VERDICT_MAX_AGE_MS);
  const forget = () => verdicts.clear();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('flint.context.denyList') || e.affectsConfiguration('files.exclude')) forget();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(forget),
    vscode.workspace.onDidCreateFiles(forget),
    vscode.workspace.onDidDeleteFiles(forget),
    vscode.workspace.onDidRenameFiles(forget),
    vscode.workspace.onDidCloseTextDocument(forget),
  );
  return (target) => verdicts.get(typeof target === 'string' ? `path:${target}` : `uri:${target.toString()}`, () => isDeniedTarget(services, target));
}
