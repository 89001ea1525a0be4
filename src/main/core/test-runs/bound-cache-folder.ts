// A runner's own cache folder under SLUICE_HOME, bound writable into the sandbox at its own path
// (SLUICE_HOME is hidden there; the bind comes after the mask), so what one run compiles is
// there for the next run of the same project: Go's GOCACHE, jest's --cacheDirectory.
// Fails closed to a cold run: a folder that cannot be made leaves the run without it, and the
// trace says so; the run itself goes on. Bounded: after a run its size is measured off the
// event loop's path, and a folder found past its limit is emptied before the next run that
// finds no other run of the project using it (emptied under a running runner, its writes would
// fail), and the trace says so.
import { mkdirSync, rmSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface CacheFolderLimits {
  readonly maxBytes: number;
  /** Files and folders counted; a walk that meets more stops and counts as past the limit. */
  readonly maxEntries: number;
}

/** One run's hold on the folder. */
export interface CacheHold {
  readonly dir: string;
  /** The run ended (once; later calls do nothing). */
  release(): void;
}

export interface CacheFolder {
  /** The folder, made and within its limit, for one run; null: the run goes without it. */
  acquire(): CacheHold | null;
  /** Resolves once the measure a release started has ended (tests). */
  measured(): Promise<void>;
}

export interface FolderSize {
  readonly bytes: number;
  readonly entries: number;
  /** false: the walk stopped at `maxEntries`. */
  readonly complete: boolean;
}

/** Bytes of the regular files under `dir`, symlinks never followed, at most `maxEntries` walked. */
export async function folderSize(dir: string, maxEntries: number): Promise<FolderSize> {
  let bytes = 0;
  let entries = 0;
  const pending = [dir];
  while (pending.length) {
    const current = pending.pop() as string;
    let names: string[];
    try {
      names = await readdir(current);
    } catch {
      continue;
    }
    for (const name of names) {
      if (++entries > maxEntries) return { bytes, entries, complete: false };
      const full = path.join(current, name);
      try {
        const info = await lstat(full);
        if (info.isDirectory()) pending.push(full);
        else if (info.isFile()) bytes += info.size;
      } catch {
        // Removed meanwhile by a run: not counted.
      }
    }
  }
  return { bytes, entries, complete: true };
}

function sizeWords(size: FolderSize): string {
  const mb = Math.round(size.bytes / (1024 * 1024));
  return size.complete
    ? `${mb} MB in ${size.entries} entries`
    : `more than ${size.entries - 1} entries`;
}

function errorWords(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The folder `dir` for a runner's cache; `say` puts a sentence on the trace. Without `limits`
 * the runner bounds it itself (Go trims its own cache).
 */
export function boundCacheFolder(
  dir: string,
  limits: CacheFolderLimits | undefined,
  say: (detail: string) => void,
): CacheFolder {
  let inUse = 0;
  let pastLimit: FolderSize | null = null;
  let measuring: Promise<void> = Promise.resolve();
  let measureWanted = false;
  const measure = async (): Promise<void> => {
    if (!limits) return;
    const size = await folderSize(dir, limits.maxEntries);
    pastLimit = !size.complete || size.bytes > limits.maxBytes ? size : null;
  };
  return {
    acquire: () => {
      if (pastLimit && inUse === 0) {
        const size = pastLimit;
        pastLimit = null;
        try {
          rmSync(dir, { recursive: true, force: true });
          say(
            `the cache at ${dir} was past its limit of ${Math.round((limits?.maxBytes ?? 0) / (1024 * 1024))} MB (${sizeWords(size)}) and was emptied; this run starts it again`,
          );
        } catch (error) {
          say(
            `the cache at ${dir} is past its limit and could not be emptied (${errorWords(error)}); this run goes without it`,
          );
          pastLimit = size;
          return null;
        }
      }
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch (error) {
        say(`no cache folder could be made at ${dir} (${errorWords(error)}); this run starts cold`);
        return null;
      }
      inUse += 1;
      let held = true;
      return {
        dir,
        release: () => {
          if (!held) return;
          held = false;
          inUse -= 1;
          if (!limits || measureWanted) return;
          measureWanted = true;
          measuring = measuring.then(async () => {
            measureWanted = false;
            await measure();
          });
        },
      };
    },
    measured: () => measuring,
  };
}
