// The project's file names for @-mentions: every file the workspace lists (ignore-aware: what
// .gitignore or .sluiceignore leaves out is never offered), not only the files the symbol index
// reads, so a README, a config or a text file can be mentioned too. Listed once and again
// after a while (files come and go during a session), off the keypress (the listing is the
// workspace's asynchronous walk); matched by a case-insensitive part of the path, paths and
// then names that start with the typed text first, then shorter paths.
import type { Workspace } from '../../main/core/workspace/workspace';

/** A listing older than this is made again on the next completion. */
const FRESH_MS = 10_000;

export function projectFileNames(
  workspace: Pick<Workspace, 'listFiles'>,
  now: () => number = Date.now,
) {
  let listed: { at: number; files: Promise<readonly string[]> } | null = null;
  const files = (): Promise<readonly string[]> => {
    if (!listed || now() - listed.at > FRESH_MS)
      listed = {
        at: now(),
        files: workspace.listFiles().then(
          (listing) => listing.files,
          () => [],
        ),
      };
    return listed.files;
  };
  return {
    /** Up to `limit` project-relative paths matching `query`, best first. */
    async search(query: string, limit: number): Promise<string[]> {
      const typed = query.toLowerCase();
      const scored: { file: string; score: number }[] = [];
      for (const file of await files()) {
        const lower = file.toLowerCase();
        if (!lower.includes(typed)) continue;
        const base = lower.slice(lower.lastIndexOf('/') + 1);
        const score = lower.startsWith(typed) ? 0 : base.startsWith(typed) ? 1 : 2;
        scored.push({ file, score });
      }
      scored.sort(
        (a, b) => a.score - b.score || a.file.length - b.file.length || (a.file < b.file ? -1 : 1),
      );
      return scored.slice(0, limit).map((s) => s.file);
    },
  };
}
