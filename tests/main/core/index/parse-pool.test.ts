import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createParsePool,
  defaultWorkerEntry,
  IN_PROCESS_BELOW,
  poolSizeFor,
  TREE_SITTER_FILES_PER_WORKER,
  TREE_SITTER_IN_PROCESS_BELOW,
  type ParsePool,
} from '../../../../src/main/core/index/parse-pool';
import type { ParseJob, ParseJobResult } from '../../../../src/main/core/index/parse-job';

let dir: string;
let pool: ParsePool | undefined;
afterEach(async () => {
  await pool?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function jobs(count: number, extension: 'ts' | 'py' = 'ts'): ParseJob[] {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-pool-'));
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(dir, `f${i}.${extension}`);
    writeFileSync(
      file,
      extension === 'ts' ? `export function f${i}() {}\n` : `def f${i}():\n    pass\n`,
    );
    return { path: `f${i}.${extension}`, absolute: file, maxBytes: 10_000 };
  });
}

async function parseAll(p: ParsePool, list: ParseJob[]): Promise<ParseJobResult[]> {
  const out: ParseJobResult[] = [];
  await p.parse(list, (results) => out.push(...results));
  return out.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}

function names(results: ParseJobResult[]): string[] {
  return results.map((r) =>
    'outcome' in r && r.outcome.status === 'ok'
      ? (r.outcome.extraction.symbols[0]?.name ?? '')
      : 'failed',
  );
}

describe('createParsePool', () => {
  it('parses in worker threads started from the TypeScript source', async () => {
    pool = createParsePool({ size: 2, inProcessBelow: 0, batchSize: 3 });
    const results = await parseAll(pool, jobs(10));
    expect(pool.mode()).toBe('workers');
    expect(names(results)).toEqual(Array.from({ length: 10 }, (_, i) => `f${i}`));
  });

  it('parses a small project on the calling thread - no worker start-up to pay', async () => {
    pool = createParsePool();
    const list = jobs(300);
    expect(list.length).toBeLessThan(IN_PROCESS_BELOW);
    const results = await parseAll(pool, list);
    expect(pool.mode()).toBe('not-started');
    expect(names(results)).toEqual(Array.from({ length: 300 }, (_, i) => `f${i}`));
  });

  it('falls back to in-process parsing when no worker starts', async () => {
    pool = createParsePool({
      size: 1,
      inProcessBelow: 0,
      entry: { url: new URL('file:///nonexistent/worker.js') },
    });
    const results = await parseAll(pool, jobs(4));
    expect(pool.mode()).toBe('in-process');
    expect(names(results)).toEqual(['f0', 'f1', 'f2', 'f3']);
  });

  it('re-runs the batch of a worker that dies - nothing is lost', async () => {
    const evalCode = `const { parentPort } = require('node:worker_threads'); parentPort.on('message', () => process.exit(3)); parentPort.postMessage({ ready: true });`;
    pool = createParsePool({ size: 1, inProcessBelow: 0, batchSize: 2, entry: { evalCode } });
    const results = await parseAll(pool, jobs(5));
    expect(names(results)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);
  });

  it('keeps two batches in flight per worker - the next is posted before the first is answered', async () => {
    // This worker answers only in pairs: with one batch in flight at a time it would never reply.
    const evalCode = `const { parentPort } = require('node:worker_threads');
      let held = [];
      parentPort.on('message', (request) => {
        held.push(request);
        if (held.length < 2) return;
        for (const r of held)
          parentPort.postMessage({ id: r.id, results: r.jobs.map((j) => ({ path: j.path, unchanged: true, size: 1, mtimeMs: 1 })) });
        held = [];
      });
      parentPort.postMessage({ ready: true });`;
    pool = createParsePool({ size: 1, inProcessBelow: 0, batchSize: 1, entry: { evalCode } });
    const paths: string[] = [];
    const done = pool.parse(jobs(4), (results) => paths.push(...results.map((r) => r.path)));
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('no reply: batches were not pipelined')), 5000).unref(),
    );
    await Promise.race([done, timeout]);
    expect(paths.sort()).toEqual(['f0.ts', 'f1.ts', 'f2.ts', 'f3.ts']);
  });

  it('prestart loads the workers ahead - a following parse uses them', async () => {
    pool = createParsePool({ size: 1, inProcessBelow: 32 });
    pool.prestart();
    const results = await parseAll(pool, jobs(40));
    expect(pool.mode()).toBe('workers');
    expect(results).toHaveLength(40);
  });

  it('parses tree-sitter files in workers from TREE_SITTER_IN_PROCESS_BELOW files', async () => {
    pool = createParsePool({ size: 1 });
    const list = jobs(TREE_SITTER_IN_PROCESS_BELOW, 'py');
    expect(list.length).toBeLessThan(IN_PROCESS_BELOW);
    const results = await parseAll(pool, list);
    expect(pool.mode()).toBe('workers');
    expect(names(results)).toEqual(
      Array.from({ length: TREE_SITTER_IN_PROCESS_BELOW }, (_, i) => `f${i}`),
    );
  });

  it('parses a handful of files in-process without starting workers', async () => {
    pool = createParsePool({ size: 2 });
    const results = await parseAll(pool, jobs(3));
    expect(pool.mode()).toBe('not-started');
    expect(results).toHaveLength(3);
  });
});

describe('poolSizeFor', () => {
  const named = (...paths: string[]): ParseJob[] =>
    paths.map((p) => ({ path: p, absolute: `/x/${p}`, maxBytes: 1 }));

  it('poolSizeFor - every core for tree-sitter files, one fewer when TypeScript is parsed too', () => {
    const go = named(...Array.from({ length: 190 }, (_, i) => `p/f${i}.go`));
    expect(poolSizeFor(go, 2)).toBe(2);
    expect(poolSizeFor([...go, ...named('a.ts')], 2)).toBe(2);
    expect(
      poolSizeFor([...go, ...named(...Array.from({ length: 30 }, (_, i) => `t${i}.ts`))], 4),
    ).toBe(3);
    expect(poolSizeFor(named('a.ts', 'b.ts'), 2)).toBe(1);
    expect(poolSizeFor(go, 1)).toBe(1);
    expect(poolSizeFor(named('a.ts'), 1)).toBe(1);
  });

  it('poolSizeFor - no more tree-sitter workers than TREE_SITTER_FILES_PER_WORKER pays for', () => {
    const files = (n: number): ParseJob[] =>
      named(...Array.from({ length: n }, (_, i) => `src/m${i}.rs`));
    expect(poolSizeFor(files(TREE_SITTER_FILES_PER_WORKER), 16)).toBe(1);
    expect(poolSizeFor(files(5 * TREE_SITTER_FILES_PER_WORKER), 16)).toBe(5);
    expect(poolSizeFor(files(100 * TREE_SITTER_FILES_PER_WORKER), 16)).toBe(16);
  });
});

describe('defaultWorkerEntry', () => {
  it('loads .ts through tsx, and uses a bundle itself when no worker file sits beside it', () => {
    const fromSource = defaultWorkerEntry(
      new URL('../../../../src/main/core/index/parse-pool.ts', import.meta.url).href,
    );
    expect('evalCode' in fromSource && fromSource.evalCode).toContain('parse-worker.ts');
    const fromBundle = defaultWorkerEntry('file:///nonexistent/out/cli/main.js');
    expect('url' in fromBundle && fromBundle.url.href).toBe('file:///nonexistent/out/cli/main.js');
  });
});
