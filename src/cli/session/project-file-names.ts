// The project's file names for @-mentions: every file the project listing keeps (dot folders
// and dependency folders left out, as everywhere else), not only the files the symbol index
// reads, so a README, a config or a text file can be mentioned too. Listed once and again
// after a while (files come and go during a session); matched by a case-insensitive part of
// the path, names that start with the typed text first, then shorter paths.
import { listProjectFiles } from '../../main/core/workspace/project-files';

/** A listing older than this is made again on the next completion. */
const FRESH_MS = 10_000;
/** Most files listed for completion; a larger project completes from its first ones. */
const MOST_FILES = 20_000;

export function projectFileNames(root: string, now: () => number = Date.now) {
  let listed: { at: number; files: readonly string[] } | null = null;
  const files = (): readonly string[] => {
    if (!listed || now() - listed.at > FRESH_MS)
      listed = {
        at: now(),
        files: listProjectFiles(root, { limit: MOST_FILES, state: false }).files,
      };
    return listed.files;
  };
  return {
    /** Up to `limit` project-relative paths matching `query`, best first. */
    search(query: string, limit: number): string[] {
      const typed = query.toLowerCase();
      const scored: { file: string; score: number }[] = [];
      for (const file of files()) {
        const lower = file.toLowerCase();
        const at = lower.indexOf(typed);
        if (at < 0) continue;
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
