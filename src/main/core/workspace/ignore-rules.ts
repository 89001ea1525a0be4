// .gitignore (nested, at every level) and .sluiceignore (same syntax, any level, read after
// .gitignore so it can override) decide what list/search/find/index see. `.git/` is always
// hidden. Rules are applied as git does: a deeper file's decision wins, and nothing below
// an ignored folder is seen.
import { lstatSync, openSync, readSync, closeSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

export const IGNORE_FILE_NAMES = ['.gitignore', '.sluiceignore'] as const;
const ALWAYS_HIDDEN = new Set(['.git']);

function readCapped(file: string, maxBytes: number): string | null {
  try {
    // Never follow a symlinked ignore file: it could point anywhere.
    const info = lstatSync(file);
    if (!info.isFile()) return null;
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(info.size, maxBytes));
      const read = readSync(fd, buffer, 0, buffer.length, 0);
      return buffer.subarray(0, read).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

export class IgnoreRules {
  /** Per folder (relative, '' = root): its rules, or null when it has no ignore file. */
  private readonly levels = new Map<string, Ignore | null>();
  private readonly dirVerdicts = new Map<string, boolean>();

  constructor(
    private readonly root: string,
    private readonly maxIgnoreFileBytes: number,
  ) {}

  /** Forget cached rules, e.g. after an ignore file changed on disk. */
  clear(): void {
    this.levels.clear();
    this.dirVerdicts.clear();
  }

  private level(dir: string): Ignore | null {
    const cached = this.levels.get(dir);
    if (cached !== undefined) return cached;
    let rules: Ignore | null = null;
    for (const name of IGNORE_FILE_NAMES) {
      const text = readCapped(path.join(this.root, dir, name), this.maxIgnoreFileBytes);
      if (text === null) continue;
      rules ??= ignore({ allowRelativePaths: true });
      rules.add(text);
    }
    this.levels.set(dir, rules);
    return rules;
  }

  /**
   * A walk that has just read a folder tells what it holds: without an ignore file among its
   * entries the folder has no rules, and its lookup needs no lstat (two per folder otherwise:
   * a third of a re-open's walk on a 12,000-folder project).
   */
  noteFolderEntries(dir: string, names: Iterable<string>): void {
    if (this.levels.has(dir)) return;
    for (const name of names) {
      if (name === IGNORE_FILE_NAMES[0] || name === IGNORE_FILE_NAMES[1]) return;
    }
    this.levels.set(dir, null);
  }

  /** The verdict for this path alone, given its ancestors are not ignored. */
  private ownVerdict(relative: string, isDir: boolean): boolean {
    const parts = relative.split('/');
    const name = parts[parts.length - 1] as string;
    if (ALWAYS_HIDDEN.has(name)) return true;
    for (let depth = parts.length - 1; depth >= 0; depth--) {
      const dir = parts.slice(0, depth).join('/');
      const rules = this.level(dir);
      if (!rules) continue;
      const below = parts.slice(depth).join('/') + (isDir ? '/' : '');
      const result = rules.test(below);
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
    return false;
  }

  /** Whether a folder is ignored, itself or through an ancestor. Cached. */
  isDirIgnored(relative: string): boolean {
    if (relative === '') return false;
    const cached = this.dirVerdicts.get(relative);
    if (cached !== undefined) return cached;
    const slash = relative.lastIndexOf('/');
    const parent = slash === -1 ? '' : relative.slice(0, slash);
    const verdict = this.isDirIgnored(parent) || this.ownVerdict(relative, true);
    this.dirVerdicts.set(relative, verdict);
    return verdict;
  }

  /** `relative` uses `/` separators and is relative to the root; '' is the root. */
  isIgnored(relative: string, isDir: boolean): boolean {
    const clean = relative
      .replace(/\\/g, '/')
      .replace(/\/{2,}/g, '/')
      .replace(/^(\.\/)+/, '')
      .replace(/\/+$/, '');
    if (clean === '' || clean === '.') return false;
    if (isDir) return this.isDirIgnored(clean);
    const slash = clean.lastIndexOf('/');
    if (slash !== -1 && this.isDirIgnored(clean.slice(0, slash))) return true;
    return this.ownVerdict(clean, false);
  }
}
