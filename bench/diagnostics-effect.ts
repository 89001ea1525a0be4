// The `effect` library's own TypeScript sources, as shipped on npm (a realistic type-heavy
// tree: issue 30 measured the warm checker on it), for `npm run bench -- diagnostics`
// (BENCH_DIAG_ONLY=effect). The package is fetched once with `npm pack` into a cache folder
// and unpacked into a project with a tsconfig.json that checks its `src/` as its own build
// does (`.ts` import extensions, `effect/*` self-imports). Its reference is a full program
// check by TypeScript 7 (every file's errors with the edit laid over the disk, through the
// same native API, independent of the checker's choice of affected files).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../src/shared/diagnostics';
import { lineTextAt } from '../src/main/core/diagnostics/diagnostic-comparison';
import { TS7 } from './diagnostics-warm';

export const EFFECT_VERSION = process.env.BENCH_EFFECT_VERSION ?? '4.1.0';
const CACHE = path.join(os.tmpdir(), 'sluice-bench-cache');

/** A project holding effect's sources, or why there is none (npm could not fetch it). */
export function effectProject(): { root: string } | { reason: string } {
  const unpacked = path.join(CACHE, `effect-${EFFECT_VERSION}`, 'package');
  if (!existsSync(path.join(unpacked, 'src'))) {
    mkdirSync(path.dirname(unpacked), { recursive: true });
    const pack = spawnSync('npm', ['pack', `effect@${EFFECT_VERSION}`, '--silent'], {
      cwd: path.dirname(unpacked),
      encoding: 'utf8',
      timeout: 180_000,
    });
    const tarball = pack.stdout.trim().split('\n').pop() ?? '';
    if (pack.status !== 0 || !tarball)
      return { reason: `npm pack effect@${EFFECT_VERSION} failed: ${pack.stderr.trim()}` };
    const untar = spawnSync('tar', ['xzf', tarball], { cwd: path.dirname(unpacked) });
    if (untar.status !== 0) return { reason: `could not unpack ${tarball}` };
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-diag-effect-'));
  cpSync(path.join(unpacked, 'src'), path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{ "name": "effect", "type": "module" }\n');
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: [],
        paths: { 'effect/*': ['./src/*.ts'], effect: ['./src/index.ts'] },
      },
      include: ['src'],
    }),
  );
  return { root };
}

interface NativeDiagnostic {
  readonly fileName?: string;
  readonly pos: number;
  readonly code: number;
  readonly category: number;
  readonly text: string;
}

/** TypeScript 7's full program check of `root` with `overrides` laid over the disk. */
export async function createNativeReference(root: string): Promise<{
  errors(overrides: ReadonlyMap<string, string>): Diagnostic[];
  close(): void;
}> {
  const { API } = (await import(
    pathToFileURL(path.join(TS7, 'dist', 'api', 'sync', 'api.js')).href
  )) as {
    API: new (options: Record<string, unknown>) => {
      updateSnapshot(params: Record<string, unknown>): {
        getProject(config: string):
          | {
              program: {
                getSourceFileNames(): readonly string[];
                getSyntacticDiagnostics(file: string): readonly NativeDiagnostic[];
                getSemanticDiagnostics(file: string): readonly NativeDiagnostic[];
              };
            }
          | undefined;
        dispose(): void;
      };
      close(): void;
    };
  };
  let overrides: ReadonlyMap<string, string> = new Map();
  const read = (file: string): string | null => {
    const text = overrides.get(file);
    if (text !== undefined) return text;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  };
  const api = new API({
    cwd: root,
    fs: { readFile: read, fileExists: (file: string) => existsSync(file) },
  });
  const config = path.join(root, 'tsconfig.json');
  let previous: string[] = [];
  let last: { dispose(): void } | undefined;
  return {
    errors(next) {
      const changed = [...new Set([...previous, ...next.keys()])];
      overrides = next;
      previous = [...next.keys()];
      const snapshot = api.updateSnapshot({
        openProjects: [config],
        ...(changed.length ? { fileChanges: { changed } } : {}),
      });
      last?.dispose();
      last = snapshot;
      const program = snapshot.getProject(config)?.program;
      const out: Diagnostic[] = [];
      for (const file of program?.getSourceFileNames() ?? []) {
        if (!file.startsWith(root + '/') || file.includes('/node_modules/')) continue;
        const text = read(file) ?? '';
        for (const d of [
          ...(program?.getSyntacticDiagnostics(file) ?? []),
          ...(program?.getSemanticDiagnostics(file) ?? []),
        ]) {
          if (d.category !== 1) continue;
          const before = text.slice(0, d.pos);
          const line = before.split('\n').length;
          out.push({
            path: path.relative(root, file).split(path.sep).join('/'),
            line,
            column: d.pos - before.lastIndexOf('\n'),
            code: `TS${d.code}`,
            message: d.text,
            lineText: lineTextAt(text, line),
            source: 'typescript',
          });
        }
      }
      return out;
    },
    close: () => api.close(),
  };
}

/** `tsc --noEmit` of `root` with the compiler in `typescriptFolder`, in ms. */
export function tscMs(typescriptFolder: string, root: string): number {
  const started = Date.now();
  spawnSync(process.execPath, [path.join(typescriptFolder, 'bin', 'tsc'), '--noEmit', '-p', root], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return Date.now() - started;
}
