// search_files p50 against running `rg --json` directly (same binary, same flags, same folder
// and queries), and the Node fallback against rg. Goal: search_files ≤ 1.3× rg.
// Corpus: the installed `typescript` package (~24 MB of JS and .d.ts files, no ignore files).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateBundledRipgrep } from '../src/main/core/search/create-search-engine';
import { createNodeSearchEngine } from '../src/main/core/search/node-engine';
import { createRipgrepEngine, ripgrepArgs } from '../src/main/core/search/ripgrep-engine';
import type { SearchQuery } from '../src/main/core/search/search-engine';
import {
  SEARCH_MAX_LINE_CHARS,
  SEARCH_MAX_MATCHES,
  createSearchFilesTool,
} from '../src/main/core/tools/search-files';
import { runTool } from '../src/main/core/tools/tool';
import { Workspace } from '../src/main/core/workspace/workspace';
import type { BenchTable } from './bench-table';

const RUNS = 15;
const FALLBACK_RUNS = 3;
const TIME_LIMIT_MS = 120_000;

interface BenchQuery {
  label: string;
  input: { pattern: string; literal?: boolean; case_sensitive?: boolean; glob?: string };
}

const QUERIES: BenchQuery[] = [
  { label: 'literal, many hits', input: { pattern: 'createProgram', literal: true } },
  { label: 'regex', input: { pattern: 'function\\s+\\w+Diagnostic\\w*\\(' } },
  { label: 'case-insensitive', input: { pattern: 'sourcefile', case_sensitive: false } },
  { label: 'no match (full scan)', input: { pattern: 'ZZZ_NOT_PRESENT_ANYWHERE' } },
  { label: 'glob *.d.ts', input: { pattern: 'interface Node', glob: '*.d.ts' } },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * p50 of each function. Samples are interleaved and the order flips every round (a b, b a, …):
 * load from other processes, and whatever a finished rg process leaves to the next spawn,
 * then fall on both sides alike.
 */
async function timeInterleaved(runs: number, fns: (() => Promise<unknown>)[]): Promise<number[]> {
  for (const fn of fns) await fn(); // warm-up: page cache, JIT, worker start-up code paths
  const samples: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i++) {
    const order = fns.map((_, index) => index);
    if (i % 2 === 1) order.reverse();
    for (const index of order) {
      const started = performance.now();
      await (fns[index] as () => Promise<unknown>)();
      samples[index]?.push(performance.now() - started);
    }
  }
  return samples.map(median);
}

/** rg --json on its own, output fully read (as any caller must), nothing parsed. */
function rawRipgrep(rgPath: string, cwd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

function queryFor(input: BenchQuery['input']): SearchQuery {
  return {
    pattern: input.pattern,
    literal: input.literal ?? false,
    caseSensitive: input.case_sensitive ?? /[A-Z]/.test(input.pattern.replace(/\\./g, '')),
    globs: input.glob ? [input.glob] : [],
    under: '',
    contextLines: 0,
    maxMatches: SEARCH_MAX_MATCHES,
    maxLineChars: SEARCH_MAX_LINE_CHARS,
    timeLimitMs: TIME_LIMIT_MS,
  };
}

async function measure(
  folder: string,
  rgPath: string,
  tools: { label: string; tool: ReturnType<typeof createSearchFilesTool>; runs: number }[],
): Promise<{ rows: (string | number)[][]; ratios: number[][] }> {
  const workspace = await Workspace.open(folder);
  const ctx = { workspace, signal: new AbortController().signal };
  const rows: (string | number)[][] = [];
  const ratios: number[][] = tools.map(() => []);
  for (const q of QUERIES) {
    const args = ripgrepArgs(workspace, queryFor(q.input));
    const row: (string | number)[] = [q.label];
    let rgMs = 0;
    for (const [index, { tool, runs }] of tools.entries()) {
      const [rg, toolMs] = (await timeInterleaved(runs, [
        () => rawRipgrep(rgPath, workspace.root, args),
        async () => {
          const result = await runTool(tool, q.input, ctx);
          if (result.status !== 'ok')
            throw new Error(`search_files failed on ${q.label}: ${result.content}`);
        },
      ])) as [number, number];
      if (index === 0) {
        rgMs = rg;
        row.push(rgMs);
      }
      row.push(toolMs, toolMs / rgMs);
      ratios[index]?.push(toolMs / rgMs);
    }
    const first =
      (
        await runTool(tools[0]?.tool as ReturnType<typeof createSearchFilesTool>, q.input, ctx)
      ).content.split('\n')[0] ?? '';
    row.push(first.replace(/ for ".*/, ''));
    rows.push(row);
  }
  return { rows, ratios };
}

export async function run(): Promise<BenchTable[]> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const modules = path.resolve(here, '..', 'node_modules');
  const small = path.join(modules, 'typescript');
  if (!existsSync(small))
    throw new Error(`search bench: corpus ${small} is missing; run npm install first.`);
  const rgPath = await locateBundledRipgrep();
  if (!rgPath)
    throw new Error('search bench: the @vscode/ripgrep binary is not installed for this platform.');
  const viaRg = createSearchFilesTool({
    engine: createRipgrepEngine(rgPath),
    timeLimitMs: TIME_LIMIT_MS,
  });
  const viaNode = createSearchFilesTool({
    engine: createNodeSearchEngine(),
    timeLimitMs: TIME_LIMIT_MS,
  });

  const large = await measure(modules, rgPath, [
    { label: 'search_files', tool: viaRg, runs: RUNS },
  ]);
  const worst = Math.max(...(large.ratios[0] ?? []));
  const fallback = await measure(small, rgPath, [
    { label: 'search_files', tool: viaRg, runs: RUNS },
    { label: 'node fallback', tool: viaNode, runs: FALLBACK_RUNS },
  ]);
  const common =
    'rg --json runs the same binary with the same arguments as search_files and reads all its output; samples interleaved, order flipped each round.';
  return [
    {
      title: 'search_files (ripgrep) vs rg --json, p50 ms — corpus: node_modules',
      columns: ['query', 'rg --json', 'search_files', '× rg', 'totals'],
      rows: large.rows,
      notes: [
        `corpus: ${modules} (every installed package; ${RUNS} runs each after a warm-up)`,
        common,
        `goal search_files ≤ 1.3× rg: worst ${worst.toFixed(2)}× — ${worst <= 1.3 ? 'met' : 'NOT met'}`,
      ],
    },
    {
      title: 'Node fallback vs rg --json, p50 ms — corpus: node_modules/typescript',
      columns: [
        'query',
        'rg --json',
        'search_files',
        '× rg',
        'node fallback',
        'fallback × rg',
        'totals',
      ],
      rows: fallback.rows,
      notes: [
        `corpus: ${small} (~24 MB; ${RUNS} runs for rg/search_files, ${FALLBACK_RUNS} for the fallback, after a warm-up)`,
        common,
        'The fallback exists for platforms without the rg binary; it runs regexes in a worker under a time limit.',
      ],
    },
  ];
}
