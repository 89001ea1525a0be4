// A project's folders read breadth-first, one level after the other, for the walks that vet or
// protect what a confinement shows (protected-mounts.ts, confinement/checker-file-rules.ts).
// The caller says which folders to enter and when to stop; a folder that cannot be read (gone
// meanwhile, no permission) is passed over. Ignore rules do not apply here.
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';

export interface FolderEntry {
  readonly entry: Dirent;
  /** Relative to the root, `/` separators. */
  readonly relative: string;
}

export class BreadthFirstFolders {
  private readonly queue: string[];

  /** `start`: the first folder read, relative to `root` ('' for the root itself). */
  constructor(
    private readonly root: string,
    start: string,
  ) {
    this.queue = [start];
  }

  /** Reads this folder (an entry's `relative`) after those already waiting. */
  enter(relative: string): void {
    this.queue.push(relative);
  }

  /** True while entered folders wait to be read. */
  get unread(): boolean {
    return this.queue.length > 0;
  }

  /** Each readable folder's entries, folder by folder; what `enter` adds is read in turn. */
  *folders(): Generator<FolderEntry[]> {
    while (this.queue.length) {
      const dir = this.queue.shift() as string;
      let entries: Dirent[];
      try {
        entries = readdirSync(path.join(this.root, dir), { withFileTypes: true });
      } catch {
        continue;
      }
      yield entries.map((entry) => ({
        entry,
        relative: dir ? `${dir}/${entry.name}` : entry.name,
      }));
    }
  }
}
