// Vite's cache folder (`cacheDir`, node_modules/.vite by default) kept per project through the
// copy's own layer, for vitest runs: vitest keeps its results there (which files failed and how
// long each took: it runs those first) and, when the project turns the optimizer on, the
// dependencies Vite pre-bundles. Vitest 4 takes no flag or variable for that folder (only its
// config does), so instead of binding one in, what a run wrote there is copied out of its layer
// after it ended, and laid into the next copy's layer before it starts. Never where the person's
// own node_modules/.vite exists (the run reads that one through the project, read-only), nor
// where node_modules is not a folder of the project's own (a worktree's link to shared ones).
// Vite decides itself whether what it finds is still good (its pre-bundle is keyed by the
// lockfile and the config), as it does on the person's machine. Bounded: a run that wrote past
// the limit keeps nothing more, and the trace says so.
import { randomBytes } from 'node:crypto';
import { copyFileSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const MAX_FILES = 5000;
const MAX_BYTES = 64 * 1024 * 1024;

export interface ViteCacheLayer {
  /** Lays the kept folder into the fresh layer `upper`. */
  lay(upper: string): void;
  /** Keeps what the run that ended wrote to the folder in `upper`. */
  keep(upper: string): void;
}

/** Regular files under `dir` (relative), no link followed; null past the limits. */
function regularFiles(dir: string): { files: string[]; bytes: number } | null {
  const files: string[] = [];
  let bytes = 0;
  const walk = (relative: string): boolean => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      return true;
    }
    for (const entry of entries) {
      const child = relative ? path.join(relative, entry.name) : entry.name;
      if (entry.isDirectory()) {
        if (!walk(child)) return false;
      } else if (entry.isFile()) {
        bytes += lstatSync(path.join(dir, child)).size;
        files.push(child);
        if (files.length > MAX_FILES || bytes > MAX_BYTES) return false;
      }
    }
    return true;
  };
  try {
    return walk('') ? { files, bytes } : null;
  } catch {
    return null;
  }
}

/** Copies `files` from `from` into a new folder `to`; the error (and `to` removed) on failure. */
function copyTree(from: string, to: string, files: readonly string[]): string | null {
  try {
    mkdirSync(to, { recursive: true, mode: 0o700 });
    for (const file of files) {
      mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
      copyFileSync(path.join(from, file), path.join(to, file));
    }
    return null;
  } catch (error) {
    removeQuietly(to);
    return error instanceof Error ? error.message : String(error);
  }
}

/** Removes `dir` if it is there; a failure leaves it (SLUICE_HOME not writable). */
function removeQuietly(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Nothing more to do: a leftover temporary folder is never read.
  }
}

function isFolder(file: string): boolean | null {
  try {
    return lstatSync(file).isDirectory();
  } catch {
    return null;
  }
}

/** The layer of `root`'s Vite cache, kept in `kept`; `say` puts a sentence on the trace. */
export function viteCacheLayer(
  root: string,
  kept: string,
  say: (detail: string) => void,
): ViteCacheLayer {
  // Only into a node_modules folder of the project's own, never over the person's own cache.
  const applies = (): boolean =>
    isFolder(path.join(root, 'node_modules')) === true &&
    isFolder(path.join(root, 'node_modules', '.vite')) === null;
  const temp = (base: string): string => `${base}.${randomBytes(6).toString('hex')}`;
  return {
    lay: (upper) => {
      if (!applies()) return;
      const found = regularFiles(kept);
      if (!found?.files.length) return;
      const target = path.join(upper, 'node_modules', '.vite');
      // Copied whole beside it first: a copy cut short (kept replaced meanwhile) is not laid.
      const staging = temp(path.join(upper, 'node_modules', '.sluice-vite'));
      if (copyTree(kept, staging, found.files) === null) {
        try {
          renameSync(staging, target);
        } catch {
          removeQuietly(staging);
        }
      }
    },
    keep: (upper) => {
      if (!applies()) return;
      const written = path.join(upper, 'node_modules', '.vite');
      if (isFolder(written) !== true) return;
      const found = regularFiles(written);
      if (!found) {
        say(
          `vitest's cache folder (node_modules/.vite) held more than ${MAX_FILES} files or ${MAX_BYTES / (1024 * 1024)} MB after the run: nothing more of it is kept`,
        );
        return;
      }
      const next = temp(kept);
      const old = temp(kept);
      const cannot = (why: string): void =>
        say(
          `vitest's cache folder could not be kept at ${kept} (${why}); the next run starts without it`,
        );
      const failed = copyTree(written, next, found.files);
      if (failed !== null) return cannot(failed);
      try {
        if (isFolder(kept)) renameSync(kept, old);
        renameSync(next, kept);
      } catch (error) {
        cannot(error instanceof Error ? error.message : String(error));
      } finally {
        removeQuietly(next);
        removeQuietly(old);
      }
    },
  };
}
