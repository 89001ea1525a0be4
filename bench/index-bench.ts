// Symbol index benchmark (issue 3), side by side in one run against its references:
// - cold index of a ≥3,000-file corpus vs `ctags -R` (universal-ctags) on the same files;
// - re-open with nothing changed (≤ 5% of cold), one file changed → queryable (≤ 50 ms);
// - find_definition / find_importers p95 (≤ 2 ms); peak memory;
// - accuracy: top-1 agreement with the TypeScript language service's go-to-definition at
//   import sites (goal ≥ 98%), recall of find_importers against ts.preProcessFile +
//   ts.resolveModuleName over every file (goal 100%).
// The corpus is the .ts/.d.ts sources shipped in this repository's node_modules, copied to
// a temp folder (package folders kept, the node_modules prefix dropped).
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchTable } from './bench-table';
import { Workspace } from '../src/main/core/workspace/workspace';
import { SymbolIndex } from '../src/main/core/index/symbol-index';
import { definitionAgreement, importerRecall, importSites } from './index-agreement';

const MIN_FILES = 3000;
const MAX_FILES = 5000;
const MAX_FILE_BYTES = 400 * 1024;

export function collectCorpus(from: string, into: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, rel: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (files.length >= MAX_FILES) return;
      const abs = path.join(dir, entry.name);
      // Nested node_modules folders become plain folders so the workspace does not ignore them.
      const name = entry.name === 'node_modules' ? 'nm' : entry.name;
      const relative = rel ? `${rel}/${name}` : name;
      if (entry.isDirectory()) {
        if (entry.name === '.bin' || (entry.name === 'lib' && rel === 'typescript')) continue;
        walk(abs, relative);
      } else if (
        entry.isFile() &&
        /\.(d\.)?ts$/.test(entry.name) &&
        statSync(abs).size <= MAX_FILE_BYTES
      ) {
        const target = path.join(into, relative);
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(abs, target);
        files.push(relative);
      }
    }
  };
  walk(from, '');
  return files;
}

interface Timed {
  wallMs: number;
  cpuMs: number;
}

function runCtags(dir: string): Timed {
  const started = performance.now();
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S', 'ctags', '-R', '-f', '/dev/null', '--languages=TypeScript', '.'],
    { cwd: dir, encoding: 'utf8' },
  );
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`ctags failed: ${result.stderr}`);
  const [user, sys] = (result.stderr.trim().split('\n').pop() ?? '0 0').split(' ').map(Number);
  return { wallMs, cpuMs: ((user ?? 0) + (sys ?? 0)) * 1000 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function sample<T>(items: readonly T[], count: number, seed = 42): T[] {
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

export async function run(): Promise<BenchTable> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-index-bench-'));
  const corpus = path.join(base, 'corpus');
  const home = path.join(base, 'home');
  try {
    const files = collectCorpus(fileURLToPath(new URL('../node_modules', import.meta.url)), corpus);
    if (files.length < MIN_FILES)
      throw new Error(`corpus has ${files.length} files, fewer than ${MIN_FILES}`);
    const bytes = files.reduce((sum, f) => sum + statSync(path.join(corpus, f)).size, 0);
    const workspace = await Workspace.open(corpus);

    // Two rounds, ctags and sluice alternating, best of each: the machine is shared, and a
    // neighbour's burst should not decide the ratio. Each sluice round starts from no index.
    let ctags: Timed = { wallMs: Infinity, cpuMs: Infinity };
    let coldWall = Infinity;
    let coldCpuMs = Infinity;
    let peakRss = process.memoryUsage().rss;
    let cold: Awaited<ReturnType<SymbolIndex['refresh']>> | undefined;
    for (let round = 0; round < 2; round++) {
      const c = runCtags(corpus);
      if (c.wallMs < ctags.wallMs) ctags = c;
      rmSync(home, { recursive: true, force: true });
      const sampler = setInterval(
        () => (peakRss = Math.max(peakRss, process.memoryUsage().rss)),
        25,
      );
      const cpu0 = process.cpuUsage();
      const coldStart = performance.now();
      const fresh = SymbolIndex.open({ source: workspace, home });
      cold = await fresh.refresh();
      const wall = performance.now() - coldStart;
      const cpu = process.cpuUsage(cpu0);
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await fresh.close();
      coldWall = Math.min(coldWall, wall);
      coldCpuMs = Math.min(coldCpuMs, (cpu.user + cpu.system) / 1000);
    }
    if (!cold) throw new Error('no cold run');

    const reopenStart = performance.now();
    const index = SymbolIndex.open({ source: workspace, home });
    const reopen = await index.refresh();
    const reopenWall = performance.now() - reopenStart;

    // One file changed: an applied edit refreshes it; then it must answer queries. The edit
    // comes a moment after the project opened, as a person's would.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const edited =
      files.find((f) => f.endsWith('.d.ts') && statSync(path.join(corpus, f)).size > 2000) ??
      (files[0] as string);
    const editTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      appendFileSync(
        path.join(corpus, edited),
        `\nexport declare function benchAdded${i}(): void;\n`,
      );
      const t = performance.now();
      await index.refreshFile(edited);
      const found = index.findDefinition(`benchAdded${i}`).definitions.length;
      editTimes.push(performance.now() - t);
      if (!found) throw new Error('edited file not queryable after refreshFile');
    }

    const names = sample(
      sample(files, 600, 3).flatMap((f) => index.outline(f).map((d) => d.name)),
      1000,
    );
    const defTimes = names.map((name) => {
      const t = performance.now();
      index.findDefinition(name);
      return performance.now() - t;
    });
    const targets = sample(files, 500);
    const importerTimes: number[] = [];
    for (const target of targets) {
      const outline = index.outline(target).filter((d) => d.exported);
      for (const query of [target, outline[0] ? `${target}#${outline[0].name}` : target]) {
        const t = performance.now();
        index.findImporters(query);
        importerTimes.push(performance.now() - t);
      }
    }

    const recall = importerRecall(corpus, files, index);
    const sites = sample(importSites(corpus, sample(files, 1500, 7)), 400, 11);
    const agreement = definitionAgreement(corpus, files, sites, index);
    await index.close();

    const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
    const ms = (n: number): number => Math.round(n * 100) / 100;
    const rows: (string | number)[][] = [
      [
        'cold index, wall (ms), best of 2 rounds',
        ms(coldWall),
        ms(ctags.wallMs),
        `${(coldWall / ctags.wallMs).toFixed(2)}× ctags`,
        '≤ 2× ctags',
      ],
      [
        'cold index, CPU all threads (ms)',
        ms(coldCpuMs),
        ms(ctags.cpuMs),
        `${(coldCpuMs / ctags.cpuMs).toFixed(2)}× ctags`,
        '',
      ],
      [
        're-open, nothing changed (ms)',
        ms(reopenWall),
        '',
        `${pct(reopenWall, coldWall)} of cold (parsed ${reopen.parsed})`,
        '≤ 5% of cold',
      ],
      [
        'one file changed → queryable, p95 of 20 edits (ms)',
        ms(percentile(editTimes, 95)),
        '',
        `p50 ${ms(percentile(editTimes, 50))}, max ${ms(Math.max(...editTimes))}; ${edited}`,
        '≤ 50 ms',
      ],
      [
        'find_definition p95 (ms), 1000 names',
        ms(percentile(defTimes, 95)),
        '',
        `p50 ${ms(percentile(defTimes, 50))}`,
        '≤ 2 ms',
      ],
      [
        'find_importers p95 (ms), 1000 targets',
        ms(percentile(importerTimes, 95)),
        '',
        `p50 ${ms(percentile(importerTimes, 50))}`,
        '≤ 2 ms',
      ],
      [
        'peak RSS during cold index (MB)',
        Math.round(peakRss / 2 ** 20),
        '',
        'main + worker threads',
        'reported',
      ],
      [
        'find_definition top-1 = go-to-definition, from import site',
        pct(agreement.contextual, agreement.compared),
        '',
        `${agreement.contextual}/${agreement.compared} sites`,
        '≥ 98%',
      ],
      [
        'find_definition top-1 = go-to-definition, by name only, determinate names',
        pct(agreement.byName.determinateHits, agreement.byName.determinate),
        '',
        `${agreement.byName.determinateHits}/${agreement.byName.determinate} sites (one declaring file by LS navigate-to)`,
        '≥ 98%',
      ],
      [
        'find_definition top-1 = go-to-definition, by name only, ambiguous names',
        pct(agreement.byName.ambiguousHits, agreement.byName.ambiguous),
        '',
        `${agreement.byName.ambiguousHits}/${agreement.byName.ambiguous} sites (declared in 0 or 2+ files); ${agreement.byName.lsUnresolved} sites left out: LS lands on the import itself`,
        'reported',
      ],
      [
        'find_importers recall vs preProcessFile+resolveModuleName',
        pct(recall.found, recall.expected),
        '',
        `${recall.found}/${recall.expected} edges`,
        '100%',
      ],
    ];
    return {
      title: `Symbol index: ${files.length} TS files (${(bytes / 2 ** 20).toFixed(1)} MB) from node_modules, ${os.availableParallelism()} cores`,
      columns: ['measure', 'sluice', 'ctags -R', 'ratio / detail', 'goal'],
      rows,
      notes: [
        `cold: ${cold.files} files, ${cold.symbols} symbols, ${cold.imports} imports, ${cold.skipped.length} skipped; re-open parsed ${reopen.parsed}.`,
        "Parser choice: TypeScript's createSourceFile (JSDoc skipped) in worker threads. Measured single-threaded on this corpus",
        '(4,864 files, 26 MB, same machine, loaded): typescript-estree parse 16.4 s cold / 8.4 s warm; ts.createSourceFile 3.6 s cold /',
        '2.4 s warm; ctags 2.4 s. estree runs the same TS parser and then converts the whole tree, so it cannot reach 2× ctags.',
        'Wall times on a shared machine vary with load; the CPU row compares work done regardless of load.',
        'Importer recall counts (importing file, target file) edges: the index reports the import statement line, preProcessFile the specifier.',
        ...(recall.missing.length ? [`recall misses (first 5): ${recall.missing.join('; ')}`] : []),
        ...(agreement.misses.length
          ? [`definition misses (first 5): ${agreement.misses.join('; ')}`]
          : []),
        ...(agreement.nameMisses.length
          ? [`by-name misses, determinate (first 5): ${agreement.nameMisses.join('; ')}`]
          : []),
      ],
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

// Lets `npx tsx bench/index-bench.ts` print the table on its own.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void run().then((table) => writeFileSync(1, `${JSON.stringify(table, null, 2)}\n`));
}
