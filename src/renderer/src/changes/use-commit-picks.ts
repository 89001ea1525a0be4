// What the person picked to commit in the Changes view: whole files, or some hunks of a
// modified file. Tracked changes start picked and untracked files not, as `git commit -a`
// would take them; a new listing keeps the picks of files still there.
import { useEffect, useMemo, useState } from 'react';
import type { WorkingChangeView } from '../../../shared/contract';

/** Per path: not picked, every hunk (the whole file), or the picked hunk ids. */
type Pick = 'none' | 'whole' | ReadonlySet<string>;
type Picks = ReadonlyMap<string, Pick>;

export interface CommitPicks {
  isPicked(path: string): boolean;
  isHunkPicked(path: string, hunkId: string): boolean;
  toggleFile(file: WorkingChangeView): void;
  toggleHunk(file: WorkingChangeView, hunkId: string): void;
  /** The picks as the commit call takes them, or [] when nothing is picked. */
  readonly request: { path: string; hunkIds?: string[] }[];
  /** "2 files", "1 file (1 of 2 hunks)". */
  readonly summary: string;
}

function defaults(files: readonly WorkingChangeView[], before: Picks | null): Picks {
  const next = new Map<string, Pick>();
  for (const file of files) {
    const kept = before?.get(file.path);
    if (kept === 'none' || kept === 'whole') next.set(file.path, kept);
    else if (kept && [...kept].every((id) => file.hunks.some((h) => h.id === id)))
      next.set(file.path, kept);
    else next.set(file.path, file.state === 'untracked' ? 'none' : 'whole');
  }
  return next;
}

export function useCommitPicks(files: readonly WorkingChangeView[]): CommitPicks {
  const [picks, setPicks] = useState<Picks | null>(null);
  useEffect(() => setPicks((before) => defaults(files, before)), [files]);
  return useMemo(() => {
    const current: Picks = picks ?? defaults(files, null);
    const picked = (path: string): boolean => {
      const pick = current.get(path);
      return pick !== undefined && pick !== 'none';
    };
    const update = (path: string, value: Pick) =>
      setPicks(() => {
        const next = new Map(current);
        next.set(path, value !== 'whole' && value !== 'none' && value.size === 0 ? 'none' : value);
        return next;
      });
    const request = files
      .filter((f) => picked(f.path))
      .map((f) => {
        const pick = current.get(f.path);
        return typeof pick === 'string' || pick === undefined || pick.size === f.hunks.length
          ? { path: f.path }
          : { path: f.path, hunkIds: [...pick] };
      });
    const partial = request.filter((r) => r.hunkIds).length;
    const count = `${request.length} file${request.length === 1 ? '' : 's'}`;
    return {
      isPicked: picked,
      isHunkPicked: (path, hunkId) => {
        const pick = current.get(path);
        return pick === 'whole' || (typeof pick === 'object' && pick.has(hunkId));
      },
      toggleFile: (file) => update(file.path, picked(file.path) ? 'none' : 'whole'),
      toggleHunk: (file, hunkId) => {
        const pick = current.get(file.path);
        const ids = new Set(
          pick === 'whole' ? file.hunks.map((h) => h.id) : typeof pick === 'object' ? pick : [],
        );
        if (ids.has(hunkId)) ids.delete(hunkId);
        else ids.add(hunkId);
        update(file.path, ids.size === file.hunks.length ? 'whole' : ids);
      },
      request,
      summary: partial ? `${count} (${partial} in part)` : count,
    };
  }, [files, picks]);
}
