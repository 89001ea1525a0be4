// `sluice worktrees list`: each worktree with where it stands (worktree-state.ts) and the
// conversation that works there, by its title, so a worktree holding uncommitted work or
// unmerged commits is never listed as if it were clean.
import { worktreeState, type WorktreeState } from '../main/core/git/worktree-state';
import { listWorktrees, type SluiceWorktree } from '../main/core/git/worktrees';
import type { GitReader } from '../main/core/git/git-reader';
import { openAppDatabase } from '../main/core/store/app-database';
import { createConversationRepository } from '../main/core/store/conversation-repository';
import { projectIdFor } from '../main/core/store/project-id';
import { visibleUntrusted } from '../shared/untrusted-text';

export type WorktreeListing = SluiceWorktree &
  WorktreeState & {
    /** The newest conversation opened in the worktree, by title. */
    readonly conversation: { readonly id: string; readonly title: string } | null;
  };

export async function worktreeListing(
  reader: GitReader,
  home: string,
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<WorktreeListing[]> {
  const all = await listWorktrees(reader, home, root);
  if (all.length === 0) return [];
  const db = openAppDatabase({ home });
  try {
    const conversations = createConversationRepository(db);
    const listed: WorktreeListing[] = [];
    for (const w of all) {
      const at = reader.info.prefix
        ? `${w.path}/${reader.info.prefix}`.replace(/\/$/u, '')
        : w.path;
      const newest = conversations.list(projectIdFor(at))[0];
      listed.push({
        ...w,
        ...(await worktreeState(reader, w, env)),
        conversation: newest ? { id: newest.id, title: newest.title } : null,
      });
    }
    return listed;
  } finally {
    db.close();
  }
}

/** One line for the terminal: name, branch, state, conversation, last activity. */
export function describeWorktreeLine(w: WorktreeListing): string {
  const state = w.missing
    ? `missing: ${w.missing}`
    : [
        `${w.ahead} ahead, ${w.behind} behind ${w.base ?? 'HEAD'}`,
        w.uncommittedCount
          ? `${w.uncommittedCount} uncommitted (${w.uncommitted.slice(0, 3).join(', ')}${w.uncommittedCount > 3 ? ', …' : ''})`
          : 'no uncommitted changes',
      ].join(', ');
  const conversation = w.conversation ? `"${w.conversation.title}"` : 'no conversation';
  const when = w.lastActivity
    ? new Date(w.lastActivity).toISOString().slice(0, 16).replace('T', ' ')
    : 'never';
  return visibleUntrusted(
    `${w.name}  ${w.branch}  ${state}  ${conversation}  last activity ${when}\n  ${w.path}\n`,
  );
}
