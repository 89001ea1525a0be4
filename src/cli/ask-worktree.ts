// `sluice ask --worktree[=NAME]`: the conversation works in a new git worktree on branch
// sluice/NAME under SLUICE_HOME/worktrees/<project id>/, opened as its project, so tools, the
// index, evidence and commands see only it. When the turn ends the person is offered the
// ways to finish: merge the branch, apply its changes here per hunk, or keep it.
import path from 'node:path';
import { GitReader, notARepositoryMessage } from '../main/core/git/git-reader';
import { createOwnGit } from '../main/core/git/own-git';
import {
  createWorktree,
  listWorktrees,
  worktreeName,
  WorktreeError,
} from '../main/core/git/worktrees';
import { Workspace } from '../main/core/workspace/workspace';
import { visibleUntrusted } from '../shared/untrusted-text';
import { UsageError, type CliIo } from './cli-io';
import { askLine } from './commit-message-prompt';
import { sluiceHomeFor } from './project-context';
import { terminalCommandOutput } from './terminal-safe-text';

export interface AskWorktree {
  readonly name: string;
  readonly branch: string;
  /** The project as the conversation sees it: the same folder inside the worktree. */
  readonly workspace: Workspace;
  /** The person's project, where the branch is merged or applied. */
  readonly mainRoot: string;
}

export async function openAskWorktree(
  io: CliIo,
  project: Workspace,
  given: string,
): Promise<AskWorktree> {
  let name: string;
  try {
    name = worktreeName(given);
  } catch (error) {
    if (error instanceof WorktreeError) throw new UsageError(`--worktree: ${error.message}`);
    throw error;
  }
  const env = { ...io.env, PATH: io.env.PATH ?? process.env.PATH };
  const opened = await GitReader.open(project.root, env);
  if (opened.kind === 'not-a-repository')
    throw new UsageError(
      notARepositoryMessage('--worktree cannot make a worktree for it.', opened.why),
    );
  if ((await opened.reader.headCommit()) === null)
    throw new UsageError('--worktree needs a commit to branch from; this repository has none yet.');
  const home = sluiceHomeFor(io);
  // The same NAME again continues in that worktree (with --conversation, the same conversation).
  const existing = (await listWorktrees(opened.reader, home, project.root)).find(
    (w) => w.name === name,
  );
  let made: { path: string; branch: string };
  if (existing) made = existing;
  else {
    try {
      const created = await createWorktree(createOwnGit(opened.reader, io.env), {
        home,
        projectRoot: project.root,
        name,
        prefix: opened.reader.info.prefix,
      });
      if (created.output) io.stderr.write(`${terminalCommandOutput(created.output)}\n`);
      if (created.sharedDependencies.length)
        io.stderr.write(
          `The worktree uses this project's installed ${created.sharedDependencies.join(' and ')} (read-only).\n`,
        );
      made = created;
    } catch (error) {
      // git's words (and a hook's) are the repository's text: escaped before the terminal.
      if (error instanceof WorktreeError) throw new WorktreeError(visibleUntrusted(error.message));
      throw error;
    }
  }
  const inside = path.join(made.path, opened.reader.info.prefix);
  io.stderr.write(
    `${existing ? 'Continuing' : 'Working'} in worktree ${name} (branch ${made.branch}) at ${visibleUntrusted(inside)}.\n`,
  );
  return {
    name,
    branch: made.branch,
    workspace: await Workspace.open(inside),
    mainRoot: project.root,
  };
}

/** After the turn: on a terminal, asks how to finish; otherwise prints the three ways. */
export async function offerWorktreeFinish(io: CliIo, worktree: AskWorktree): Promise<void> {
  const project = ['--project', worktree.mainRoot];
  const ways =
    `Finish worktree ${worktree.name}: sluice worktrees merge ${worktree.name} | ` +
    `sluice worktrees apply ${worktree.name} (per hunk) | keep it (sluice worktrees remove ${worktree.name} when done), with --project ${visibleUntrusted(worktree.mainRoot)}.\n`;
  if (!(io.stdin.isTTY && io.stderr.isTTY)) {
    io.stderr.write(ways);
    return;
  }
  const answer = (
    await askLine(
      io,
      `Worktree ${worktree.name}: [m]erge its branch, [a]pply per hunk, or [k]eep it? `,
    )
  ).toLowerCase();
  const form = answer.startsWith('m') ? 'merge' : answer.startsWith('a') ? 'apply' : null;
  if (form === null) {
    io.stderr.write(`Kept. ${ways}`);
    return;
  }
  const verb = (await import('./commands/worktrees')).default;
  await verb.run([form, worktree.name, ...project], io);
}
