// The book name-changes.ts keeps of the names a change alters, as they are found: names by
// file, files changed as a whole, files with any changed name; and what changed since the
// walk over names (name-reach.ts) was last told, so it walks back from that alone.
// Runs inside the TypeScript check worker.
import { nameKey as key } from './name-reach';
import type { NameRef } from './surface-parts';

/** The file as a whole: a name no declaration has. */
export const WHOLE = '*';

/**
 * The names found changed so far: by name, files changed whole, files with any; and what
 * changed since the walk was last told (a file's first changed name makes its whole one).
 */
export function changeBook() {
  const seeds = new Set<string>();
  /** Files every name of which changed (a surface that could not be compared by name). */
  const wholly = new Set<string>();
  /** Files with at least one seed. */
  const seeded = new Set<string>();
  const textDiffers = new Set<string>();
  let version = 0;
  let news: { seeds: NameRef[]; files: string[] } = { seeds: [], files: [] };
  return {
    wholly,
    seeded,
    /** Whether a changed file's surface text differs (then its whole name is a seed). */
    textDiffers: (file: string): boolean => textDiffers.has(file),
    /** A changed file's surface text differs: told to the walk like any other seed. */
    differs(file: string): void {
      if (textDiffers.has(file)) return;
      textDiffers.add(file);
      news.seeds.push([file, WHOLE]);
    },
    /** Grows whenever more changes are found. */
    version: () => version,
    seed([file, name]: NameRef): void {
      const k = key(file, name);
      if (seeds.has(k)) return;
      seeds.add(k);
      news.seeds.push([file, name]);
      if (!seeded.has(file)) news.seeds.push([file, WHOLE]);
      seeded.add(file);
      version++;
    },
    whole(file: string): void {
      if (wholly.has(file)) return;
      version++;
      wholly.add(file);
      news.files.push(file);
    },
    isSeed: (file: string, name: string): boolean =>
      wholly.has(file) ||
      seeds.has(key(file, name)) ||
      (name === WHOLE && (seeded.has(file) || textDiffers.has(file))),
    /** What changed since the last call. */
    takeNews(): { seeds: NameRef[]; files: string[] } {
      const taken = news;
      news = { seeds: [], files: [] };
      return taken;
    },
  };
}
