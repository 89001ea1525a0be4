// The TypeScript compiler, loaded with require rather than an ES import. Importing a
// CommonJS package from an ES module makes Node run cjs-module-lexer over its source to
// find named exports: for TypeScript's 9 MB that is ~0.4 s in every thread that does it,
// i.e. in each parse worker started from a bundle (measured: worker ready 0.77 s with the
// import, 0.3 s with require). Types come from `import type` in each user.
//
// Loaded on first use, not at import: requiring it costs ~0.3 s, and `sluice def` on an
// up-to-date index, `sluice --help` or the app's first window never parse anything. `ts`
// starts as a proxy that loads the compiler on its first property access and then rebinds
// the export to the real module (ES exports are live bindings), so the extraction's hot
// paths read the module directly, never through the proxy.
//
// With a code cache folder (useTypeScriptCodeCache, SLUICE_HOME/cache), the compiler loads
// from a V8 code cache (code-cache.ts) that saveTypeScriptCodeCache writes after the first
// parse: the load skips compiling the 9 MB, and the parser's functions that the first index
// compiled lazily come precompiled (bench/index-scale-bench.ts measures both).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TypeScript from 'typescript';
import { requireWithCodeCache, type CachedModule, type CodeCacheState } from './code-cache';

let cacheDir: string | undefined;
let loaded: CachedModule<typeof TypeScript> | undefined;

function typescriptLabel(file: string): string {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(path.dirname(file), '..', 'package.json'), 'utf8'),
    ) as { version?: unknown };
    return `typescript-${typeof manifest.version === 'string' ? manifest.version : 'unknown'}`;
  } catch {
    return 'typescript-unknown';
  }
}

function load(): typeof TypeScript {
  const file = createRequire(import.meta.url).resolve('typescript');
  loaded = requireWithCodeCache<typeof TypeScript>(
    file,
    cacheDir,
    cacheDir === undefined ? '' : typescriptLabel(file),
  );
  ts = loaded.exports;
  return ts;
}

export let ts: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_target, key) => Reflect.get(load(), key) as unknown,
  has: (_target, key) => Reflect.has(load(), key),
});

/**
 * Load the compiler through a V8 code cache kept in `dir` (SLUICE_HOME/cache). Only before
 * the compiler is loaded; the first folder given wins (one compiler per thread).
 */
export function useTypeScriptCodeCache(dir: string): void {
  if (!loaded) cacheDir ??= dir;
}

/** Writes the code cache if the compiler was loaded without a usable one; once per thread. */
export function saveTypeScriptCodeCache(): boolean {
  return loaded?.save() ?? false;
}

/** How the compiler was loaded: 'not-loaded' until first use. */
export function typescriptCodeCacheState(): CodeCacheState | 'not-loaded' {
  return loaded?.state() ?? 'not-loaded';
}
