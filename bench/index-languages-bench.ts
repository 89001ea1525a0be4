// Symbol index beyond TypeScript (issue 12), side by side with the references:
// - Python, in python-definitions-bench.ts: top-1 go-to-definition from every import site
//   against pyright's own go-to-definition (pyright-langserver over LSP, npm `pyright`), goal
//   ≥ 95% on the names pyright finds inside the project; importer recall against the import
//   graph pyright resolves (every `import`/`from` module and imported submodule), goal ≥ 98%.
// - Go and Rust (and Python): by-name agreement with universal-ctags on the same files, and
//   cold index time against `ctags -R` on the same files (goal ≤ 2×).
// Corpora are real, version-pinned sources from Debian packages (installed by .ci/run):
// python3-requests, python3-attr, python3-click; golang-github-spf13-cobra-dev;
// librust-anyhow-dev, librust-serde-dev. Each is copied to a temp folder first.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchTable } from './bench-table';
import { Workspace } from '../src/main/core/workspace/workspace';
import { SymbolIndex } from '../src/main/core/index/symbol-index';
import { pct, walkFiles } from './corpus-files';
import { PY_DIST, pythonTable } from './python-definitions-bench';

interface Corpus {
  readonly language: 'Go' | 'Rust' | 'Python' | 'Java';
  readonly extension: RegExp;
  /** Folders copied into the corpus (each becomes a top-level folder), by Debian package. */
  readonly sources: readonly { readonly dir: string; readonly pkg: string }[];
  /** ctags kinds (long names) that are definitions the index has a counterpart for. */
  readonly kinds: ReadonlySet<string>;
  /** Our kinds ctags has no counterpart for (left out of "ours ctags has"). */
  readonly oursOnly?: ReadonlySet<string>;
  readonly ctagsArgs?: readonly string[];
}

const GO_SRC = '/usr/share/gocode/src';
const CARGO = '/usr/share/cargo/registry';

function cargoCrate(prefix: string, pkg: string): { dir: string; pkg: string } {
  const found = existsSync(CARGO)
    ? readdirSync(CARGO)
        .filter(
          (name) => name.startsWith(`${prefix}-`) && /^\d/.test(name.slice(prefix.length + 1)),
        )
        .sort()
        .pop()
    : undefined;
  return { dir: path.join(CARGO, found ?? `${prefix}-missing`), pkg };
}

const CORPORA: readonly Corpus[] = [
  {
    language: 'Go',
    extension: /\.go$/,
    sources: [
      { dir: `${GO_SRC}/golang.org/x/net`, pkg: 'golang-golang-x-net-dev' },
      { dir: `${GO_SRC}/golang.org/x/sys`, pkg: 'golang-golang-x-sys-dev' },
      { dir: `${GO_SRC}/golang.org/x/crypto`, pkg: 'golang-golang-x-crypto-dev' },
      { dir: `${GO_SRC}/github.com/spf13/cobra`, pkg: 'golang-github-spf13-cobra-dev' },
      { dir: `${GO_SRC}/github.com/spf13/pflag`, pkg: 'golang-github-spf13-pflag-dev' },
    ],
    kinds: new Set([
      'func',
      'const',
      'type',
      'var',
      'struct',
      'interface',
      'member',
      'methodSpec',
      'talias',
    ]),
  },
  {
    language: 'Rust',
    extension: /\.rs$/,
    sources: [
      cargoCrate('libc', 'librust-libc-dev'),
      cargoCrate('syn', 'librust-syn-dev'),
      cargoCrate('serde', 'librust-serde-dev'),
      cargoCrate('serde_derive', 'librust-serde-derive-dev'),
      cargoCrate('rayon', 'librust-rayon-dev'),
      cargoCrate('rayon-core', 'librust-rayon-core-dev'),
      cargoCrate('hashbrown', 'librust-hashbrown-dev'),
      cargoCrate('gimli', 'librust-gimli-dev'),
      cargoCrate('object', 'librust-object-dev'),
      cargoCrate('anyhow', 'librust-anyhow-dev'),
      cargoCrate('memchr', 'librust-memchr-dev'),
    ],
    kinds: new Set([
      'module',
      'struct',
      'interface',
      'function',
      'method',
      'enum',
      'typedef',
      'variable',
      'macro',
      'field',
      'enumerator',
      'constant',
    ]),
    // universal-ctags' Rust parser reports no `const` or `static` items.
    oursOnly: new Set(['constant']),
  },
  {
    language: 'Python',
    extension: /\.pyi?$/,
    sources: [
      { dir: `${PY_DIST}/requests`, pkg: 'python3-requests' },
      { dir: `${PY_DIST}/attr`, pkg: 'python3-attr' },
      { dir: `${PY_DIST}/attrs`, pkg: 'python3-attr' },
      { dir: `${PY_DIST}/click`, pkg: 'python3-click' },
    ],
    kinds: new Set(['class', 'function', 'member', 'variable']),
    ctagsArgs: ['--langmap=Python:+.pyi'],
  },
];

function copyCorpus(corpus: Corpus, into: string): string[] {
  for (const source of corpus.sources) {
    if (!existsSync(source.dir))
      throw new Error(`${source.dir} is missing: apt-get install ${source.pkg}`);
    cpSync(source.dir, path.join(into, path.basename(source.dir)), {
      recursive: true,
      filter: (src) => !src.includes('__pycache__'),
    });
  }
  return walkFiles(into, (name) => corpus.extension.test(name));
}

interface Timed {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** CPU ms (user + system) of each thread of this process, by thread id; empty off Linux. */
function threadCpuMs(): Map<string, number> {
  const out = new Map<string, number>();
  if (!existsSync('/proc/self/task')) return out;
  const tick = 1000 / 100; // USER_HZ
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ');
      if (fields) out.set(tid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Runs of each side per corpus (SLUICE_BENCH_RUNS, default 3), interleaved; medians reported. */
const RUNS = Math.max(1, Number(process.env.SLUICE_BENCH_RUNS ?? 3) || 3);

/** Wall and CPU (user + system, from /usr/bin/time) of one `ctags -R` to /dev/null. */
function timedCtags(dir: string, corpus: Corpus): Timed {
  const started = performance.now();
  const args = [
    '-R',
    '-f',
    '/dev/null',
    `--languages=${corpus.language}`,
    ...(corpus.ctagsArgs ?? []),
  ];
  const result = spawnSync('/usr/bin/time', ['-f', '%U %S', 'ctags', ...args, '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`ctags failed: ${result.stderr}`);
  const [user, sys] = (result.stderr.trim().split('\n').pop() ?? '0 0').split(' ').map(Number);
  return { wallMs, cpuMs: ((user ?? 0) + (sys ?? 0)) * 1000 };
}

function ctagsNames(dir: string, corpus: Corpus): Set<string> {
  const result = spawnSync(
    'ctags',
    [
      '-R',
      '--output-format=json',
      '--fields=+nK',
      '-f',
      '-',
      `--languages=${corpus.language}`,
      ...(corpus.ctagsArgs ?? []),
      '.',
    ],
    { cwd: dir, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`ctags failed: ${result.stderr}`);
  const names = new Set<string>();
  for (const line of result.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const tag = JSON.parse(line) as { _type?: string; name?: string; path?: string; kind?: string };
    if (tag._type !== 'tag' || !tag.name || !tag.path || !corpus.kinds.has(tag.kind ?? ''))
      continue;
    if (tag.name.startsWith('__anon')) continue;
    names.add(`${tag.path.replace(/^\.\//, '')}\0${tag.name}`);
  }
  return names;
}

interface PeerResult {
  readonly corpus: Corpus;
  readonly files: number;
  readonly ctags: Timed;
  readonly ours: Timed;
  /** Median CPU of the index's busiest thread: its wall time on an otherwise idle machine. */
  readonly busiestMs: number;
  readonly ctagsNames: number;
  readonly oursNames: number;
  readonly both: number;
  readonly skipped: number;
}

async function benchCorpus(corpus: Corpus): Promise<PeerResult> {
  const base = mkdtempSync(
    path.join(os.tmpdir(), `sluice-${corpus.language.toLowerCase()}-bench-`),
  );
  try {
    const dir = path.join(base, 'corpus');
    const home = path.join(base, 'home');
    const files = copyCorpus(corpus, dir);
    const workspace = await Workspace.open(dir);
    // A first untimed run of each side, so neither pays a cold page cache; then RUNS runs
    // each, interleaved (the machine may be shared), medians reported.
    const ctagsRuns: Timed[] = [];
    const ourRuns: Timed[] = [];
    const busiest: number[] = [];
    let index: SymbolIndex | undefined;
    let skipped = 0;
    for (let run = 0; run <= RUNS; run++) {
      const ctags = timedCtags(workspace.root, corpus);
      await index?.close();
      rmSync(home, { recursive: true, force: true });
      const threadsBefore = threadCpuMs();
      const started = performance.now();
      // CPU of this process, worker threads included (process.cpuUsage counts every thread).
      const cpu = process.cpuUsage();
      index = SymbolIndex.open({ source: workspace, home });
      skipped = (await index.refresh()).skipped.length;
      const used = process.cpuUsage(cpu);
      const wallMs = performance.now() - started;
      // Read before close() ends the workers, so their threads are still listed.
      let busiestThread = 0;
      for (const [tid, ms] of threadCpuMs())
        busiestThread = Math.max(busiestThread, ms - (threadsBefore.get(tid) ?? 0));
      if (run === 0) continue;
      ctagsRuns.push(ctags);
      ourRuns.push({ wallMs, cpuMs: (used.user + used.system) / 1000 });
      busiest.push(busiestThread);
    }
    if (!index) throw new Error('no index run');
    const medianOf = (runs: readonly Timed[]): Timed => ({
      wallMs: median(runs.map((r) => r.wallMs)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
    });
    const ctags = medianOf(ctagsRuns);
    const ours = medianOf(ourRuns);
    const theirs = ctagsNames(workspace.root, corpus);
    const mine = new Set<string>();
    for (const file of files)
      for (const symbol of index.outline(file)) {
        if (corpus.oursOnly?.has(symbol.kind)) continue;
        const short = symbol.name.slice(symbol.name.lastIndexOf('.') + 1);
        mine.add(`${file}\0${short}`);
      }
    await index.close();
    let both = 0;
    for (const key of theirs) if (mine.has(key)) both++;
    return {
      corpus,
      files: files.length,
      ctags,
      ours,
      busiestMs: median(busiest),
      ctagsNames: theirs.size,
      oursNames: mine.size,
      both,
      skipped,
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

async function peerTable(): Promise<BenchTable> {
  const results: PeerResult[] = [];
  for (const corpus of CORPORA) results.push(await benchCorpus(corpus));
  return {
    title: 'Definitions by name and cold index time vs universal-ctags (same files)',
    columns: [
      'language',
      'files',
      'ctags names',
      'ours names',
      'ctags names we have',
      'ours ctags has',
      'ctags ms',
      'cold index ms',
      'wall ratio',
      'ctags CPU ms',
      'index CPU ms',
      'CPU ratio',
      'busiest thread ms',
      'busiest / ctags',
    ],
    rows: results.map((r) => [
      r.corpus.language,
      r.files,
      r.ctagsNames,
      r.oursNames,
      pct(r.both, r.ctagsNames),
      pct(r.both, r.oursNames),
      Math.round(r.ctags.wallMs),
      Math.round(r.ours.wallMs),
      `${(r.ours.wallMs / r.ctags.wallMs).toFixed(2)}x`,
      Math.round(r.ctags.cpuMs),
      Math.round(r.ours.cpuMs),
      `${(r.ours.cpuMs / Math.max(1, r.ctags.cpuMs)).toFixed(2)}x`,
      Math.round(r.busiestMs),
      `${(r.busiestMs / r.ctags.wallMs).toFixed(2)}x`,
    ]),
    notes: [
      'names are (file, short name) pairs; ctags kinds compared: definitions only (no imports, packages, impl blocks, locals)',
      `cold index: empty SQLite index on disk, default worker pool; ctags -R to /dev/null; median of ${RUNS} interleaved runs each after one untimed run; goal ratio ≤ 2x; CPU = user + system of every thread (the machine may be shared: CPU is the steadier figure)`,
      'busiest thread: CPU of the busiest thread of the index (a parse worker; Linux /proc), i.e. about its wall time on an idle machine with a core per thread; compared with ctags wall',
      ...results.map(
        (r) =>
          `${r.corpus.language} corpus: ${r.corpus.sources.map((s) => path.basename(s.dir)).join(', ')} (Debian ${[...new Set(r.corpus.sources.map((s) => s.pkg))].join(', ')}); files skipped by the index: ${r.skipped}`,
      ),
    ],
  };
}

export async function run(): Promise<BenchTable[]> {
  const wanted = process.env.SLUICE_BENCH_LANGUAGES?.split(',');
  const tables: BenchTable[] = [];
  if (!wanted || wanted.includes('python')) tables.push(await pythonTable());
  if (!wanted || wanted.includes('peers')) tables.push(await peerTable());
  return tables;
}
