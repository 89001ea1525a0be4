// Agreement of quick answers (issue 20) with the complete index, in process: the full index
// of a corpus answers find_definition for sampled names and find_importers for sampled files
// (some as `file#symbol`); the quick answers of a fresh, never-built index answer the same
// queries. Every disagreement is listed; a quick "wait" (the index answers instead) is counted
// apart, since the person then gets the index's own answer. Besides the sampled names, the
// frequent ones: declared names whose word the most files mention (mostly uses, not
// definitions: what the definition prefilter has to tell apart), and any names asked for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '../src/main/core/workspace/workspace';
import { SymbolIndex } from '../src/main/core/index/symbol-index';
import type { QuickAnswer } from '../src/main/core/index/quick-answer';

export interface Agreement {
  readonly asked: number;
  readonly agreed: number;
  /** Answered partial (said so) or waited for the index. */
  readonly deferred: number;
  readonly disagreements: string[];
  readonly quickMs: number[];
}

export function sample<T>(items: readonly T[], count: number, seed = 42): T[] {
  let state = seed;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

async function compare<T>(
  queries: readonly string[],
  full: (q: string) => T,
  quick: (q: string) => Promise<QuickAnswer<T>>,
): Promise<Agreement> {
  let agreed = 0;
  let deferred = 0;
  const disagreements: string[] = [];
  const quickMs: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const answer = await quick(q);
    quickMs.push(performance.now() - started);
    if (answer.kind !== 'answer') {
      deferred++;
      continue;
    }
    const expectedValue = full(q);
    const expected = JSON.stringify(expectedValue);
    const got = JSON.stringify(answer.value);
    if (expected === got || agreeingMiss(expectedValue, answer.value)) agreed++;
    else disagreements.push(`${q}: index ${expected.slice(0, 300)} / quick ${got.slice(0, 300)}`);
  }
  return { asked: queries.length, agreed, deferred, disagreements, quickMs };
}

/**
 * A quick miss (no definition, with how many files use the name instead of similar names)
 * agrees with an index that finds no definition either.
 */
function agreeingMiss(index: unknown, quick: unknown): boolean {
  const none = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { definitions?: unknown }).definitions) &&
    (value as { definitions: unknown[] }).definitions.length === 0;
  return none(index) && none(quick) && typeof (quick as { usedIn?: unknown }).usedIn === 'number';
}

export interface CorpusAgreement {
  readonly sampledNames: string[];
  readonly sampledTargets: string[];
  readonly definitions: Agreement;
  /** The frequent names and the extra ones, each asked once. */
  readonly frequent: Agreement;
  readonly frequentNames: string[];
  readonly importers: Agreement;
  readonly fullIndexMs: number;
}

/** Declared names ranked by how many files mention their last segment as a word. */
function mostMentioned(
  dir: string,
  files: readonly string[],
  declared: Iterable<string>,
  count: number,
): string[] {
  const mentions = new Map<string, number>();
  for (const file of files) {
    const words = new Set(readFileSync(path.join(dir, file), 'utf8').match(/[\p{L}\p{N}_$]+/gu));
    for (const word of words) mentions.set(word, (mentions.get(word) ?? 0) + 1);
  }
  const byWord = new Map<string, string>();
  for (const name of declared) {
    const word = name.split('.').pop() ?? name;
    // One name per word: `Widget` and `Foo.Widget` ask the same files.
    if (!byWord.has(word) || name === word) byWord.set(word, name);
  }
  return [...byWord.entries()]
    .sort((a, b) => (mentions.get(b[0]) ?? 0) - (mentions.get(a[0]) ?? 0) || (a[1] < b[1] ? -1 : 1))
    .slice(0, count)
    .map(([, name]) => name);
}

export interface AgreementOptions {
  /** Names asked besides the samples (asked in the frequent group). */
  readonly extraNames?: readonly string[];
  /** How many of the most mentioned declared names to ask (default none). */
  readonly frequent?: number;
}

export async function corpusAgreement(
  dir: string,
  names: number,
  targets: number,
  options: AgreementOptions = {},
): Promise<CorpusAgreement> {
  const workspace = await Workspace.open(dir);
  const full = SymbolIndex.open({ source: workspace, home: null, codeCacheDir: null });
  const started = performance.now();
  await full.refresh();
  const fullIndexMs = performance.now() - started;
  // Names as people ask for them: one declared name (`Type.member` ones included) from each
  // of as many sampled files as it takes.
  const files = full.searchFiles('', 1_000_000);
  const sampledNames: string[] = [];
  for (const [i, file] of sample(files, files.length, 3).entries()) {
    if (sampledNames.length >= names) break;
    const outline = full.outline(file).filter((d) => d.name !== 'default');
    const pick = outline[(i * 7919) % Math.max(outline.length, 1)];
    if (pick && !sampledNames.includes(pick.name)) sampledNames.push(pick.name);
  }
  const sampledTargets = sample(files, targets, 7).map((file, i) => {
    if (i % 4 !== 3) return file;
    const exported = full.outline(file).find((d) => d.exported && !d.name.includes('.'));
    return exported ? `${file}#${exported.name}` : file;
  });
  // One never-built index serves every quick query: quick answers never read the index
  // (warming only adds rows the next refresh would take over).
  const cold = SymbolIndex.open({ source: workspace, home: null, codeCacheDir: null });
  const quick = cold.quickAnswers();
  if (!quick) throw new Error('a fresh index offered no quick answers');
  const definitions = await compare(
    sampledNames,
    (name) => full.findDefinition(name),
    (name) => quick.definitions(name),
  );
  const declared = new Set(files.flatMap((f) => full.outline(f).map((d) => d.name)));
  declared.delete('default');
  const frequentNames = [
    ...new Set([
      ...mostMentioned(workspace.root, files, declared, options.frequent ?? 0),
      ...(options.extraNames ?? []),
    ]),
  ];
  const frequent = await compare(
    frequentNames,
    (name) => full.findDefinition(name),
    (name) => quick.definitions(name),
  );
  const importers = await compare(
    sampledTargets,
    (target) => full.findImporters(target),
    (target) => quick.importers(target),
  );
  await cold.close();
  await full.close();
  return {
    sampledNames,
    sampledTargets,
    definitions,
    frequent,
    frequentNames,
    importers,
    fullIndexMs,
  };
}
