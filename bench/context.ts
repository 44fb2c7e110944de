// Context benchmark: does the prompt each surface sends carry the definitions of the names the
// next lines use? Corpus: real packages nobody here wrote (bench/contextCorpus.ts), cut at fixed
// pseudo-random points inside functions. For each cut, the names of the true next 3 lines that
// are defined in another file of the package are the targets; a target is recalled when the
// first line of its definition's signature is in the surface's prompt as built at that cut
// (ghost text and next edit before those lines are typed, review with them as the changed lines).
// Recall is also given for the targets the rest of the file names only in its imports.
// Also times the gathering of context per surface (off the keystroke path) and counts its tokens.
// Writes bench/results/context.json. `--quick`: fewer cuts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeParser, installedParserFiles } from '../src/code/codeParser';
import { ContextService } from '../src/context/contextService';
import { maskSecrets } from '../src/privacy/secretScan';
import { bootstrapCi, percentileFigure } from './sampleStats.mjs';
import { corpusPackages, cutPoints, loadCorpus, recalled, type Cut } from './contextCorpus';
import { SURFACES, surfacePrompts, type Surface } from './contextPrompts';

const root = process.cwd();
const quick = process.argv.includes('--quick');
const perPackage = quick ? 8 : 40;

const parser = await CodeParser.load(installedParserFiles(root));
const packages = corpusPackages(root);
const t0 = performance.now();
const corpus = await loadCorpus(parser, packages);
const indexMs = performance.now() - t0;
const cuts = await cutPoints(corpus, parser, perPackage);
console.log(`context: ${corpus.files.size} files of ${packages.length} packages indexed in ${indexMs.toFixed(0)} ms; ${cuts.length} cuts`);

// The service as the extension builds it, fed by the index alone (no language server here).
const serviceFor = (viewed: (path: string, near: string) => ReturnType<NonNullable<ConstructorParameters<typeof ContextService>[0]['viewed']>>) =>
  new ContextService({ index: corpus.index, allowed: () => true, mask: maskSecrets, viewed });

interface Tally {
  targets: number;
  recalled: number;
  /** Per cut: [targets, recalled], to resample cuts (a cut's targets are not independent). */
  perCut: [number, number][];
  /** The same for the targets the rest of the file names only in its imports. */
  importedOnly: [number, number][];
  gatherMs: number[];
  tokens: number[];
}
const newTallies = () => Object.fromEntries(SURFACES.map((s) => [s, { targets: 0, recalled: 0, perCut: [], importedOnly: [], gatherMs: [], tokens: [] } as Tally])) as Record<Surface, Tally>;
const tallies = newTallies();
/** The same cuts with the prompts as built before the context service: the figure to beat. */
const before = newTallies();
const perPackageRecall: Record<string, Record<Surface, { targets: number; recalled: number }>> = {};

for (const cut of cuts) {
  const old = await surfacePrompts(corpus, cut);
  for (const surface of SURFACES) {
    const oldHits = cut.targets.filter((t) => recalled(old[surface].prompt, t)).length;
    before[surface].targets += cut.targets.length;
    before[surface].recalled += oldHits;
    before[surface].perCut.push([cut.targets.length, oldHits]);
    before[surface].tokens.push(old[surface].contextTokens);
  }
  const prompts = await surfacePrompts(corpus, cut, serviceFor);
  const pkg = packageOf(cut);
  perPackageRecall[pkg] ??= Object.fromEntries(SURFACES.map((s) => [s, { targets: 0, recalled: 0 }])) as Record<Surface, { targets: number; recalled: number }>;
  for (const surface of SURFACES) {
    const { prompt, gatherMs, contextTokens } = prompts[surface];
    const hits = cut.targets.filter((t) => recalled(prompt, t)).length;
    tallies[surface].targets += cut.targets.length;
    tallies[surface].recalled += hits;
    tallies[surface].perCut.push([cut.targets.length, hits]);
    const importedOnly = cut.targets.filter((t) => t.importedOnly);
    if (importedOnly.length) tallies[surface].importedOnly.push([importedOnly.length, importedOnly.filter((t) => recalled(prompt, t)).length]);
    if (gatherMs !== undefined) tallies[surface].gatherMs.push(gatherMs);
    tallies[surface].tokens.push(contextTokens);
    perPackageRecall[pkg][surface].targets += cut.targets.length;
    perPackageRecall[pkg][surface].recalled += hits;
  }
}

function packageOf(cut: Cut): string {
  return corpus.packages.find((p) => p.paths.includes(cut.file.path))!.pkg.name;
}

const round = (x: number, d = 3) => Number(x.toFixed(d));
const share = (cuts: [number, number][]) => cuts.reduce((n, c) => n + c[1], 0) / Math.max(1, cuts.reduce((n, c) => n + c[0], 0));
// Cuts are resampled by index (a cut's targets are not independent of each other).
const shareCi = (cuts: [number, number][]) => bootstrapCi([cuts.map((_, i) => i)], (picked) => share(picked.map((i) => cuts[i])))?.map((x) => round(x)) ?? null;
const result: Record<string, unknown> = { cuts: cuts.length, files: corpus.files.size, packages: packages.map((p) => p.name), index_ms: round(indexMs, 0) };
for (const surface of SURFACES) {
  const t = tallies[surface];
  const key = surface.replace('-', '_');
  result[`definition_recall_${key}`] = round(share(t.perCut));
  result[`definition_recall_${key}_n`] = t.perCut.length;
  result[`definition_recall_${key}_ci`] = shareCi(t.perCut);
  result[`definition_recall_${key}_before`] = round(share(before[surface].perCut));
  result[`definition_recall_${key}_before_ci`] = shareCi(before[surface].perCut);
  result[`targets_${key}`] = t.targets;
  // Names the rest of the file only imports (the code using them is what is being written).
  result[`definition_recall_${key}_imported_only`] = round(share(t.importedOnly));
  result[`definition_recall_${key}_imported_only_ci`] = shareCi(t.importedOnly);
  result[`targets_${key}_imported_only`] = t.importedOnly.reduce((n, c) => n + c[0], 0);
  Object.assign(result, percentileFigure(`gather_ms_p95_${key}`, t.gatherMs, 95));
  Object.assign(result, percentileFigure(`tokens_p50_${key}`, t.tokens, 50, { digits: 0 }));
  Object.assign(result, percentileFigure(`tokens_p50_${key}_before`, before[surface].tokens, 50, { digits: 0 }));
}
result.per_package = Object.fromEntries(
  Object.entries(perPackageRecall).map(([pkg, bySurface]) => [pkg, Object.fromEntries(SURFACES.map((s) => [s, round(bySurface[s].targets ? bySurface[s].recalled / bySurface[s].targets : 0)]))]),
);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/context.json'), `${JSON.stringify(result, null, 2)}\n`);
for (const surface of SURFACES) {
  const key = surface.replace('-', '_');
  console.log(
    `context: ${surface}: definition recall ${result[`definition_recall_${key}`]} (${tallies[surface].recalled}/${tallies[surface].targets} targets over ${cuts.length} cuts; ` +
      `95 % interval ${JSON.stringify(result[`definition_recall_${key}_ci`])}; before the context service ${result[`definition_recall_${key}_before`]}; ` +
      `of the ${result[`targets_${key}_imported_only`]} names the rest of the file only imports ${result[`definition_recall_${key}_imported_only`]}), ` +
      `gather p95 ${result[`gather_ms_p95_${key}`] ?? '-'} ms (n=${result[`gather_ms_p95_${key}_n`]}, 95 % interval ${JSON.stringify(result[`gather_ms_p95_${key}_ci`])}), ` +
      `context tokens p50 ${result[`tokens_p50_${key}`]} (before ${result[`tokens_p50_${key}_before`]})`,
  );
}
