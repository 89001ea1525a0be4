// Whether an opened project lies in one of Sluice's worktrees, told from its path alone:
// SLUICE_HOME/worktrees/<project id>/<name>/… is where worktrees.ts makes them and nothing
// else writes there. Its conversations are recorded with that project id and name, so the
// project the worktree was made from lists them too (store/conversation-listing.ts).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { ConversationWorktree } from '../store/conversation-repository';
import { WORKTREE_NAME } from './worktrees';

const PROJECT_ID = /^[0-9a-f]{16}$/u;

/** `root` is a real path (a Workspace's root); `home` is SLUICE_HOME as configured. */
export function worktreeOfRoot(home: string, root: string): ConversationWorktree | null {
  const base = path.join(home, 'worktrees');
  let realBase: string;
  try {
    realBase = realpathSync(base);
  } catch {
    return null; // No worktree folder: no worktree either.
  }
  const relative = path.relative(realBase, root);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [projectId, name] = relative.split(path.sep);
  if (!projectId || !name || !PROJECT_ID.test(projectId) || !WORKTREE_NAME.test(name)) return null;
  return { projectId, name };
}
