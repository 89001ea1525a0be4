// Loads a CommonJS file through vm.Script with a V8 code cache, so a process that needs a
// large library (the TypeScript compiler, 9 MB) neither compiles it again at load nor
// compiles each function lazily on its first call. The cache is of Sluice's own
// dependencies, never of a project's files: an index built with it is still a cold index.
//
// The cache file name carries a key made of the file (path, size, mtime), Node's and V8's
// versions and V8's cachedDataVersionTag (V8 version and the flags that affect code), so an
// upgrade, a reinstall or a different flag set reads another file (the CLI under Node and
// the app under Electron keep one file each). The payload is stored after a SHA-1 of it and
// checked before V8 sees it (a truncated or corrupt file is ignored); V8 checks the rest and
// may still reject it (`cachedDataRejected`), in which case the module loads normally and
// `save()` writes a fresh cache. Contract: never throws for a cache problem; the worst case is
// an ordinary load.
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Module, createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

/** off: no cache folder; accepted: loaded from the cache; missing/rejected: compiled from source; saved: written this run. */
export type CodeCacheState = 'off' | 'accepted' | 'missing' | 'rejected' | 'saved';

export interface CachedModule<T> {
  readonly exports: T;
  state(): CodeCacheState;
  /**
   * Writes the cache when it was missing or rejected: call it after the module did its
   * typical work, so the functions compiled on the way are in the cache too. Returns
   * whether a cache file was written. Never throws.
   */
  save(): boolean;
}

const DIGEST_BYTES = 20;

export function codeCacheFile(file: string, cacheDir: string, label: string): string {
  const info = statSync(file);
  const key = createHash('sha1')
    .update(
      JSON.stringify([
        path.resolve(file),
        info.size,
        info.mtimeMs,
        process.version,
        process.versions.v8,
        process.arch,
        v8.cachedDataVersionTag(),
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  const safeLabel = label.replace(/[^A-Za-z0-9._-]/g, '_');
  return path.join(cacheDir, `${safeLabel}-${key}.v8cache`);
}

function readCache(cacheFile: string): Buffer | undefined {
  let stored: Buffer;
  try {
    stored = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (stored.length <= DIGEST_BYTES) return undefined;
  const payload = stored.subarray(DIGEST_BYTES);
  const digest = createHash('sha1').update(payload).digest();
  return digest.equals(stored.subarray(0, DIGEST_BYTES)) ? payload : undefined;
}

function writeCache(cacheFile: string, payload: Buffer): boolean {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    const digest = createHash('sha1').update(payload).digest();
    writeFileSync(temporary, Buffer.concat([digest, payload]));
    renameSync(temporary, cacheFile);
    pruneOldCaches(path.dirname(cacheFile));
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // the folder itself is unusable (not a folder, no permission): nothing was written
    }
    return false;
  }
}

/** Caches kept per folder: one per compiler × Node build in use, the newest first. */
export const MAX_CACHE_FILES = 4;

/**
 * Removes all but the newest MAX_CACHE_FILES caches: each TypeScript or Node upgrade writes a
 * new one (2–3 MB) and the old ones would otherwise stay for ever. Best effort.
 */
function pruneOldCaches(cacheDir: string): void {
  try {
    const caches = readdirSync(cacheDir)
      .filter((name) => name.endsWith('.v8cache'))
      .map((name) => {
        const file = path.join(cacheDir, name);
        return { file, mtime: statSync(file).mtimeMs };
      })
      .sort((a, b) => b.mtime - a.mtime);
    for (const old of caches.slice(MAX_CACHE_FILES)) rmSync(old.file, { force: true });
  } catch {
    // a cache folder we cannot list or prune only costs disk space
  }
}

/** A pure-ASCII file (the TypeScript compiler is) decodes as latin1, ~2× faster than UTF-8. */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

type ModuleWrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/**
 * Requires `file` (a CommonJS module) with a code cache under `cacheDir`, or plainly when
 * `cacheDir` is undefined. `label` names the cache file (e.g. `typescript-5.9.3`).
 */
export function requireWithCodeCache<T>(
  file: string,
  cacheDir: string | undefined,
  label: string,
): CachedModule<T> {
  const plainRequire = createRequire(file);
  // Already loaded (by a plain require elsewhere): one copy of the module per thread.
  const loaded = plainRequire.cache[file];
  if (loaded) return { exports: loaded.exports as T, state: () => 'off', save: () => false };
  let cacheFile: string | undefined;
  let source: string | undefined;
  try {
    if (cacheDir !== undefined) {
      cacheFile = codeCacheFile(file, cacheDir, label);
      source = readSource(file);
    }
  } catch {
    cacheFile = undefined;
  }
  if (cacheFile === undefined || source === undefined) {
    const exports = plainRequire(file) as T;
    return { exports, state: () => 'off', save: () => false };
  }
  const cachedData = readCache(cacheFile);
  // The same wrapper Node's CommonJS loader uses; a leading #! line is not JavaScript.
  const body = source.startsWith('#!') ? `//${source}` : source;
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) { ${body}\n});`,
    { filename: file, ...(cachedData ? { cachedData } : {}) },
  );
  let state: CodeCacheState = !cachedData
    ? 'missing'
    : script.cachedDataRejected
      ? 'rejected'
      : 'accepted';
  const wrapper = script.runInThisContext() as ModuleWrapper;
  // A real Module in require.cache, so a later require(file) gets this copy, not a second one.
  const module = new Module(file);
  module.filename = file;
  module.paths = plainRequire.resolve.paths('x') ?? [];
  plainRequire.cache[file] = module;
  try {
    wrapper.call(module.exports, module.exports, plainRequire, module, file, path.dirname(file));
  } catch (error) {
    delete plainRequire.cache[file];
    throw error;
  }
  module.loaded = true;
  const target = cacheFile;
  return {
    exports: module.exports as T,
    state: () => state,
    save() {
      if (state !== 'missing' && state !== 'rejected') return false;
      let payload: Buffer;
      try {
        payload = script.createCachedData();
      } catch {
        return false;
      }
      if (!writeCache(target, payload)) return false;
      state = 'saved';
      return true;
    },
  };
}
