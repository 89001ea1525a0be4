// First query in a never-indexed project (issue 20), each as a whole process, side by side in
// one run: the first `sluice def NAME` / `sluice importers FILE` (time until its answer is
// printed) against `rg -w -l NAME` (for importers: the file's stem) plus a bare `node -e 0`,
// on the ≥3k-file TypeScript corpus of index-bench, a ≥15 MB Go tree (Debian's gocode
// packages when installed, else Go's own standard library sources) and a 50,000-file project
// (ten copies of the TS corpus). Goal: ≤ 2× (rg + node). Every sluice run gets a fresh
// SLUICE_HOME holding only the TypeScript compiler's code cache (Sluice's own dependency, as
// in issue 10, never project data): the project is never indexed. Two times per query: until
// its answer is printed, and until the process exits (issue 30 item 5: the rest of the index
// is built by a detached child, whose end is awaited, uncounted, before the next query so it
// does not slow the next one down). Agreement with the complete index: 200 names and 100 importer targets per corpus,
// in process (first-query-agreement.ts), every disagreement listed; the 50,000-file project
// is timed only. SLUICE_BENCH_RUNS: rounds per query (default 3); SLUICE_BENCH_NAMES and
// SLUICE_BENCH_TARGETS shrink the agreement samples for a quick look (default 200 and 100);
// SLUICE_BENCH_LARGE=0 leaves the 50,000-file project out.
// SLUICE_BENCH_CORPUS=theia runs on a real monorepo instead: the sources of Eclipse Theia's
// packages from npm (theia-corpus.ts; fetched once with `npm pack` into a cache folder under
// os.tmpdir()), agreement for sampled names and for the SLUICE_BENCH_FREQUENT (default 40)
// declared names the most files mention, then one row per name (first-query-names.ts) for
// SLUICE_BENCH_DEF_NAMES (comma-separated; default a dozen from rare to frequent and names
// defined nowhere). SLUICE_BENCH_BIN: the sluice launcher timed (default this checkout's
// bin/sluice.js); SLUICE_BENCH_BASELINE_BIN: another build (a `git worktree` of an earlier
// commit, built) timed in the same rounds, alternating, for a before/after under one load.
// Each TypeScript corpus also compares, file by file, the definitions oxc's parser reads for the
// quick answers with the ones TypeScript's reads for the index (oxc-agreement.ts).
// SLUICE_BENCH_RECALL=0 leaves out the check that every definition of the corpus is listed by
// the quick definitions' line filter (definition-line-recall.ts; about two minutes).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchTable } from './bench-table';
import { collectCorpus } from './index-bench';
import { corpusAgreement, sample, type Agreement } from './first-query-agreement';
import { locateBundledRipgrep } from '../src/main/core/search/create-search-engine';
import { backgroundIndexDone, median, timeProcess } from './first-query-process';
import { THEIA_DEF_NAMES, timeNamedDefinitions } from './first-query-names';
import { definitionLineRecall } from './definition-line-recall';
import { THEIA_VERSION, theiaCorpus } from './theia-corpus';
import { oxcAgreementRow } from './oxc-agreement';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SLUICE_BIN = path.resolve(process.env.SLUICE_BENCH_BIN ?? path.join(REPO, 'bin/sluice.js'));
const RUNS = Math.max(1, Number(process.env.SLUICE_BENCH_RUNS) || 3);
const QUERIES = 5;
const NAMES = Math.max(QUERIES, Number(process.env.SLUICE_BENCH_NAMES) || 200);
const TARGETS = Math.max(QUERIES, Number(process.env.SLUICE_BENCH_TARGETS) || 100);
const FREQUENT = Math.max(0, Number(process.env.SLUICE_BENCH_FREQUENT) || 40);
const GO_MIN_BYTES = 15 * 2 ** 20;

function goTree(into: string): string {
  const debian = '/usr/share/gocode/src';
  const goroot = spawnSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).stdout.trim();
  const from = existsSync(debian) ? debian : path.join(goroot, 'src');
  let bytes = 0;
  const copy = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (bytes >= GO_MIN_BYTES) return;
      if (entry.name === 'testdata') continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) copy(abs, path.join(rel, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.go')) {
        mkdirSync(path.join(into, rel), { recursive: true });
        cpSync(abs, path.join(into, rel, entry.name));
        bytes += statSync(abs).size;
      }
    }
  };
  if (existsSync(path.join(from, 'go.mod')))
    cpSync(path.join(from, 'go.mod'), path.join(into, 'go.mod'));
  copy(from, '');
  return `${from} (${(bytes / 2 ** 20).toFixed(1)} MB of .go)`;
}

interface Timing {
  readonly label: string;
  readonly sluice: number;
  /** Until the process exits. */
  readonly exit: number;
  readonly rg: number;
  readonly node: number;
}

async function timeQueries(
  rg: string,
  dir: string,
  cacheHome: string,
  verb: 'def' | 'importers',
  queries: readonly { arg: string; word: string }[],
): Promise<Omit<Timing, 'label'>> {
  const sluice: number[] = [];
  const exit: number[] = [];
  const rgMs: number[] = [];
  const nodeMs: number[] = [];
  for (let round = 0; round < RUNS; round++) {
    for (const q of queries) {
      const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-fq-home-'));
      cpSync(path.join(cacheHome, 'cache'), path.join(home, 'cache'), { recursive: true });
      rgMs.push((await timeProcess(rg, ['-w', '-l', q.word, dir])).exit);
      nodeMs.push((await timeProcess(process.execPath, ['-e', '0'])).exit);
      const run = await timeProcess(process.execPath, [SLUICE_BIN, verb, q.arg, '--project', dir], {
        env: { ...process.env, SLUICE_HOME: home },
      });
      sluice.push(run.answer);
      exit.push(run.exit);
      await backgroundIndexDone(home, dir);
      rmSync(home, { recursive: true, force: true });
    }
  }
  return { sluice: median(sluice), exit: median(exit), rg: median(rgMs), node: median(nodeMs) };
}

/** Two rows per timing: the answer, and the process's exit, each against rg + node. */
function timingRows(label: string, t: Omit<Timing, 'label'>): (string | number)[][] {
  const reference = `${t.rg.toFixed(0)} + ${t.node.toFixed(0)}`;
  return [
    [
      `${label}, process to answer (ms)`,
      t.sluice.toFixed(0),
      reference,
      `${(t.sluice / (t.rg + t.node)).toFixed(2)}×`,
      '≤ 2× (rg + node)',
    ],
    [
      `${label}, process to exit (ms)`,
      t.exit.toFixed(0),
      reference,
      `${(t.exit / (t.rg + t.node)).toFixed(2)}×`,
      '≤ 2× (rg + node)',
    ],
  ];
}

function stemOf(file: string): string {
  return path.posix
    .basename(file)
    .replace(/\.[^.]+$/, '')
    .replace(/\.d$/, '');
}

function agreementRow(label: string, a: Agreement): (string | number)[] {
  const answered = a.asked - a.deferred;
  const share = answered ? (100 * a.agreed) / answered : 0;
  return [
    label,
    `${a.agreed}/${answered} agree (${share.toFixed(1)}%)`,
    `${a.deferred} left to the index`,
    `median in-process quick answer ${median(a.quickMs).toFixed(0)} ms`,
    '≥ 99%',
  ];
}

/** A SLUICE_HOME holding only the compiler's code cache: one `sluice index` of a tiny project writes it. */
function codeCacheHome(base: string, oneFile: string): string {
  const cacheHome = path.join(base, 'cache-home');
  const tiny = path.join(base, 'tiny');
  mkdirSync(tiny);
  cpSync(oneFile, path.join(tiny, 'a.ts'));
  spawnSync(process.execPath, [SLUICE_BIN, 'index', '--project', tiny], {
    env: { ...process.env, SLUICE_HOME: cacheHome },
  });
  if (!existsSync(path.join(cacheHome, 'cache'))) mkdirSync(path.join(cacheHome, 'cache'));
  return cacheHome;
}

/** SLUICE_BENCH_CORPUS=theia: agreement (sampled and frequent names), then each name timed. */
async function runOnTheia(rg: string): Promise<BenchTable[]> {
  const corpus = theiaCorpus();
  const title = 'First query before the index: the Theia monorepo, never indexed';
  if ('reason' in corpus)
    return [{ title, columns: ['what'], rows: [], notes: [corpus.reason], failed: true }];
  const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-first-query-'));
  try {
    const label = `Theia ${THEIA_VERSION} (${corpus.files.length} files)`;
    const names = process.env.SLUICE_BENCH_DEF_NAMES?.split(',').filter(Boolean) ?? THEIA_DEF_NAMES;
    console.error(`first-query: ${label}: agreement, then timing…`);
    const agreement = await corpusAgreement(corpus.root, NAMES, TARGETS, {
      extraNames: names,
      frequent: FREQUENT,
    });
    const rows = [
      agreementRow(`${label}: sampled definitions vs the complete index`, agreement.definitions),
      agreementRow(
        `${label}: frequent names (${FREQUENT} most mentioned, and the timed ones) vs the complete index`,
        agreement.frequent,
      ),
      agreementRow(`${label}: importers vs the complete index`, agreement.importers),
    ];
    const oxc = await oxcAgreementRow(label, corpus.root, corpus.files);
    rows.push(oxc.row);
    const notes = [
      `the complete cold index (in process, in memory) took ${agreement.fullIndexMs.toFixed(0)} ms; frequent names: ${agreement.frequentNames.join(', ')}`,
      ...corpus.missing.map((why) => `left out: ${why}`),
      ...[
        ...agreement.definitions.disagreements,
        ...agreement.frequent.disagreements,
        ...agreement.importers.disagreements,
      ].map((d) => `  disagreement: ${d}`),
      ...oxc.notes,
    ];
    if (process.env.SLUICE_BENCH_RECALL !== '0') {
      console.error('first-query: definition-line recall over every definition…');
      const recall = await definitionLineRecall(corpus.root, corpus.files);
      rows.push([
        `${label}: every definition the extractors record, listed by the line filter`,
        `${recall.checked - recall.missed.length}/${recall.checked} listed`,
        `${recall.missed.length} missed`,
        `files kept ${recall.keptFiles} of ${recall.wordFiles} holding the word (${recall.sampledWords} words)`,
        'all listed',
      ]);
      notes.push(...recall.missed.slice(0, 50).map((m) => `  missed: ${m}`));
    }
    const timing = await timeNamedDefinitions({
      rg,
      dir: corpus.root,
      cacheHome: codeCacheHome(base, path.join(corpus.root, corpus.files[0] ?? '')),
      bin: SLUICE_BIN,
      ...(process.env.SLUICE_BENCH_BASELINE_BIN
        ? { baselineBin: path.resolve(process.env.SLUICE_BENCH_BASELINE_BIN) }
        : {}),
      names,
      runs: RUNS,
      label,
    });
    return [
      {
        title,
        columns: ['what', 'result', 'left to the index', 'quick answers', 'goal'],
        rows,
        notes,
      },
      timing,
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchTable | BenchTable[]> {
  if (!existsSync(SLUICE_BIN.replace(/bin\/sluice\.js$/, 'out/cli/main.js')))
    throw new Error(`the built CLI is needed: npm run build (for ${SLUICE_BIN})`);
  const rg = await locateBundledRipgrep();
  if (!rg) throw new Error('@vscode/ripgrep has no binary here');
  if (process.env.SLUICE_BENCH_CORPUS === 'theia') return runOnTheia(rg);
  const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-first-query-'));
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  try {
    const ts = path.join(base, 'ts');
    const tsFiles = collectCorpus(path.join(REPO, 'node_modules'), ts);
    const go = path.join(base, 'go');
    const goSource = goTree(go);
    const cacheHome = codeCacheHome(base, path.join(ts, tsFiles[0] ?? ''));

    const corpora: { label: string; dir: string; agreement: boolean }[] = [
      { label: `TS corpus (${tsFiles.length} files)`, dir: ts, agreement: true },
      { label: `Go tree (${goSource})`, dir: go, agreement: true },
    ];
    let tsNames: string[] = [];
    for (const corpus of corpora) {
      console.error(`first-query: ${corpus.label}: agreement, then timing…`);
      const agreement = await corpusAgreement(corpus.dir, NAMES, TARGETS);
      const names = sample(agreement.sampledNames, QUERIES, 11);
      if (corpus.dir === ts) tsNames = agreement.sampledNames;
      const targets = sample(agreement.sampledTargets, QUERIES, 13).map(
        (t) => t.split('#')[0] ?? t,
      );
      const def = await timeQueries(
        rg,
        corpus.dir,
        cacheHome,
        'def',
        names.map((n) => ({ arg: n, word: n.split('.').pop() ?? n })),
      );
      const imp = await timeQueries(
        rg,
        corpus.dir,
        cacheHome,
        'importers',
        targets.map((t) => ({ arg: t, word: stemOf(t) })),
      );
      for (const [verb, t] of [
        ['def', def],
        ['importers', imp],
      ] as const)
        rows.push(...timingRows(`${corpus.label}: first \`sluice ${verb}\``, t));
      rows.push(
        agreementRow(`${corpus.label}: definitions vs the complete index`, agreement.definitions),
      );
      rows.push(
        agreementRow(`${corpus.label}: importers vs the complete index`, agreement.importers),
      );
      if (corpus.dir === ts) {
        const oxc = await oxcAgreementRow(corpus.label, ts, tsFiles);
        rows.push(oxc.row);
        notes.push(...oxc.notes);
      }
      notes.push(
        `${corpus.label}: the complete cold index (in process, in memory) took ${agreement.fullIndexMs.toFixed(0)} ms; timed names ${names.join(', ')}; targets ${targets.join(', ')}.`,
      );
      for (const d of [
        ...agreement.definitions.disagreements,
        ...agreement.importers.disagreements,
      ])
        notes.push(`  disagreement (${corpus.label}): ${d}`);
    }

    if (process.env.SLUICE_BENCH_LARGE === '0') {
      notes.push(
        `machine load at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      return {
        title:
          'First query before the index (issues 20, 30): whole processes, never-indexed projects',
        columns: ['what', 'sluice', 'rg -w -l + node -e 0', 'ratio / result', 'goal'],
        rows,
        notes,
      };
    }
    console.error('first-query: the 50,000-file project…');
    const large = path.join(base, 'large');
    for (let copy = 0; copy < 10; copy++)
      cpSync(ts, path.join(large, `copy${String(copy).padStart(2, '0')}`), { recursive: true });
    // Declared names of the TS corpus (each now defined in ten copies).
    const names = sample(tsNames, QUERIES, 17);
    const largeDef = await timeQueries(
      rg,
      large,
      cacheHome,
      'def',
      names.map((n) => ({ arg: n, word: n.split('.').pop() ?? n })),
    );
    const targets = sample(tsFiles, QUERIES, 19).map((f) => `copy05/${f}`);
    const largeImp = await timeQueries(
      rg,
      large,
      cacheHome,
      'importers',
      targets.map((t) => ({ arg: t, word: stemOf(t) })),
    );
    for (const [verb, t] of [
      ['def', largeDef],
      ['importers', largeImp],
    ] as const)
      rows.push(...timingRows(`${tsFiles.length * 10}-file project: first \`sluice ${verb}\``, t));
    notes.push(
      `large project: names ${names.join(', ')}; targets in copy05/. Medians of ${RUNS} rounds × ${QUERIES} queries, interleaved with their references.`,
    );
    notes.push(
      `machine load at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return {
    title: 'First query before the index (issues 20, 30): whole processes, never-indexed projects',
    columns: ['what', 'sluice', 'rg -w -l + node -e 0', 'ratio / result', 'goal'],
    rows,
    notes,
  };
}
