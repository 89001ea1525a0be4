// The built CLI loads only what a verb uses: `--help` and `tool read_file` load neither
// TypeScript, the Anthropic SDK nor SQLite; `def` on an indexed project loads SQLite but not
// TypeScript or the SDK. Builds the CLI with vite.cli.config.ts and runs it under Node with
// a module-load log (tests/support/electron-stub/register.mjs). The first `def` in a
// never-indexed project (a quick answer, timed against rg + node) loads only what it parses with.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive } from '../support/process-alive';

const repo = path.resolve(__dirname, '..', '..');
const register = path.join(repo, 'tests', 'support', 'electron-stub', 'register.mjs');
let bundleDir: string;
let base: string;

beforeAll(async () => {
  const { build } = await import('vite');
  mkdirSync(path.join(repo, 'node_modules', '.cache'), { recursive: true });
  // Under node_modules/.cache so the bundle resolves the project's packages.
  bundleDir = mkdtempSync(path.join(repo, 'node_modules', '.cache', 'sluice-cli-bundle-'));
  await build({
    configFile: path.join(repo, 'vite.cli.config.ts'),
    logLevel: 'silent',
    build: { outDir: bundleDir, emptyOutDir: true },
  });
  writeFileSync(
    path.join(bundleDir, 'run.mjs'),
    "const { main } = await import('./main.js');\nprocess.exitCode = await main(process.argv.slice(2));\n",
  );
  base = mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-bundle-run-'));
  cpSync(path.join(repo, 'tests', 'fixtures', 'index', 'constructs'), path.join(base, 'proj'), {
    recursive: true,
  });
}, 120_000);
afterAll(() => {
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(base, { recursive: true, force: true });
});

function packagesLoaded(args: string[]): {
  status: number | null;
  packages: string[];
  stderr: string;
} {
  const log = path.join(base, `log-${Math.random().toString(36).slice(2)}`);
  const result = spawnSync(
    process.execPath,
    ['--import', register, path.join(bundleDir, 'run.mjs'), ...args],
    {
      env: { ...process.env, SLUICE_HOME: path.join(base, 'home'), SLUICE_STUB_LOG: log },
      encoding: 'utf8',
    },
  );
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((f) => f.includes('/node_modules/'));
  const packages = new Set(
    files
      // The bundle itself lives under node_modules/.cache: not a package.
      .filter((f) => !f.includes('/node_modules/.cache/'))
      .map((f) => {
        const parts = (f.split('/node_modules/').pop() ?? '').split('/');
        return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
      }),
  );
  return { status: result.status, packages: [...packages].sort(), stderr: result.stderr };
}

describe('CLI bundle start', () => {
  it('sluice --help - loads no npm package at all', () => {
    const { status, packages } = packagesLoaded(['--help']);
    expect({ status, packages }).toEqual({ status: 0, packages: [] });
  });

  it('sluice tool read_file - loads neither typescript, the SDK nor better-sqlite3', () => {
    const { status, packages } = packagesLoaded([
      'tool',
      'read_file',
      '--project',
      path.join(base, 'proj'),
      '--input',
      '{"path":"src/shapes.ts"}',
    ]);
    expect(status).toBe(0);
    for (const heavy of ['typescript', '@anthropic-ai/sdk', 'better-sqlite3'])
      expect(packages).not.toContain(heavy);
  });

  it('sluice def on an indexed project - loads SQLite but not typescript or the SDK', () => {
    const project = ['--project', path.join(base, 'proj')];
    const index = packagesLoaded(['index', ...project]);
    expect(index.status).toBe(0);
    // Indexing parses: the probe sees typescript when it is loaded.
    expect(index.packages).toContain('typescript');
    const def = packagesLoaded(['def', 'size', '--from', 'src/consumer.ts', ...project]);
    expect(def.status).toBe(0);
    expect(def.packages).toContain('better-sqlite3');
    expect(def.packages).not.toContain('typescript');
    expect(def.packages).not.toContain('@anthropic-ai/sdk');
  });

  it("the first sluice def in a never-indexed project - loads oxc's parser, SQLite and ripgrep, not typescript, nothing else", async () => {
    const cold = path.join(base, 'cold');
    cpSync(path.join(base, 'proj'), cold, { recursive: true });
    const def = packagesLoaded(['def', 'area', '--project', cold]);
    expect(def.status, def.stderr).toBe(0);
    expect(def.stderr).toMatch(/answered from a quick search/);
    // No typescript (oxc reads the files), no web-tree-sitter (a TypeScript project), no SDK,
    // React or Electron; ignore, picomatch, smol-toml and zod are inside the bundle. oxc's
    // native binding is named for the platform.
    expect(
      def.packages.map((name) => name.replace(/^@oxc-parser\/binding-.*$/, '@oxc-parser/binding')),
    ).toEqual([
      '@oxc-parser/binding',
      '@vscode/ripgrep',
      'better-sqlite3',
      'bindings',
      'file-uri-to-path',
      'oxc-parser',
    ]);
    // The background indexer it started ends before this file's folders go.
    const pid = Number(/background \(pid (\d+)/.exec(def.stderr)?.[1]);
    const until = Date.now() + 60_000;
    while (pid > 0 && alive(pid) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, 90_000);

  it('sluice index - writes the TypeScript code cache once, loads it later, rewrites a corrupt one', () => {
    const home = path.join(base, 'cache-home');
    const cacheDir = path.join(home, 'cache');
    const index = (): { status: number | null; files: number } => {
      // An empty index each time, so every run parses.
      rmSync(path.join(home, 'index'), { recursive: true, force: true });
      const result = spawnSync(
        process.execPath,
        [path.join(bundleDir, 'run.mjs'), 'index', '--project', path.join(base, 'proj'), '--json'],
        { env: { ...process.env, SLUICE_HOME: home }, encoding: 'utf8' },
      );
      const files =
        result.status === 0 ? (JSON.parse(result.stdout) as { files: number }).files : -1;
      return { status: result.status, files };
    };
    const first = index();
    expect(first.status).toBe(0);
    expect(first.files).toBeGreaterThan(0);
    const written = readdirSync(cacheDir);
    expect(written).toHaveLength(1);
    const file = path.join(cacheDir, written[0] as string);
    expect(file).toMatch(/typescript-[^/]+\.v8cache$/);

    // Accepted: the next process does not write it again.
    // Whole seconds: a millisecond part does not survive utimes → stat exactly.
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    utimesSync(file, past, past);
    expect(index()).toEqual(first);
    expect(statSync(file).mtimeMs).toBe(past.getTime());

    // Corrupt: ignored, the index is built all the same, and the cache is written anew.
    writeFileSync(file, 'not a code cache');
    expect(index()).toEqual(first);
    expect(statSync(file).size).toBeGreaterThan(100_000);
    expect(readdirSync(cacheDir)).toEqual(written);
  });
});
