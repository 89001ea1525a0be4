// `sluice worktrees merge NAME` on the terminal: when the worktree holds uncommitted work, it is
// offered as a commit on its branch first (the model drafts the message from the diff, the
// person reviews or edits it; their identity and hooks, confined), then merged. Without a
// terminal, or when the person declines, nothing is merged and the command says what is there.
import { DEFAULT_MODEL } from '../main/core/agent/model-catalog';
import { diffForCommit, draftCommitMessage, makeCommit } from '../main/core/git/commit-changes';
import { GitReader } from '../main/core/git/git-reader';
import { createPersonGit } from '../main/core/git/sandboxed-git';
import { mergeTurnId, mergeWorktreeChecked } from '../main/core/git/worktree-finish';
import { openAppDatabase } from '../main/core/store/app-database';
import { createCheckpointRepository } from '../main/core/store/checkpoint-repository';
import { projectIdFor } from '../main/core/store/project-id';
import type { SluiceWorktree } from '../main/core/git/worktrees';
import { Workspace } from '../main/core/workspace/workspace';
import { visibleUntrusted } from '../shared/untrusted-text';
import { createEnvClient } from './ask-model';
import { ExitCode, writeJsonLine, type CliIo } from './cli-io';
import { askLine, reviewDraft } from './commit-message-prompt';
import { terminalCommandOutput } from './terminal-safe-text';
import { mergePreview } from '../main/core/git/merge-preview';
import { openCliEngine } from './cli-engine';
import { renderEvidence } from './evidence-lines';
import { plural } from '../shared/plural';

/** Commits the worktree's uncommitted work on its branch, as the person reviews it. */
async function commitFirst(io: CliIo, at: string, home: string, name: string): Promise<boolean> {
  const env = { ...io.env, PATH: io.env.PATH ?? process.env.PATH };
  const opened = await GitReader.open(at, env);
  if (opened.kind !== 'repository') return false;
  const workspace = await Workspace.open(at);
  const diff = await diffForCommit(opened.reader, workspace, { kind: 'all' });
  let draft = `Work from worktree ${name}`;
  if (io.env.ANTHROPIC_API_KEY) {
    io.stderr.write(`Drafting a commit message for ${plural(diff.paths.length, 'file')}…\n`);
    try {
      draft =
        (await draftCommitMessage({
          client: createEnvClient(io, undefined),
          model: DEFAULT_MODEL,
          diff,
        })) || draft;
    } catch (error) {
      io.stderr.write(
        `Could not draft a message (${visibleUntrusted(error instanceof Error ? error.message : String(error))}); starting from a plain one.\n`,
      );
    }
  }
  const choice = await reviewDraft(io, draft);
  if (choice.kind === 'stop') return false;
  // Untracked files are work too: they are added with the tracked changes.
  const status = await opened.reader.status();
  const made = await makeCommit(createPersonGit(opened.reader, { env, hidden: [home] }), {
    scope: { kind: 'paths', paths: status.filter((e) => e.state !== 'deleted').map((e) => e.path) },
    message: choice.message,
  });
  if (made.output) io.stderr.write(`${terminalCommandOutput(made.output)}\n`);
  if (!made.ok)
    io.stderr.write(`git commit in the worktree exited ${made.exitCode}; nothing was merged.\n`);
  return made.ok;
}

export async function mergeOnTerminal(
  io: CliIo,
  args: { main: GitReader; worktree: SluiceWorktree; home: string; json: boolean },
): Promise<ExitCode> {
  const env = { ...io.env, PATH: io.env.PATH ?? process.env.PATH };
  const git = createPersonGit(args.main, { env, hidden: [args.home] });
  const db = openAppDatabase({ home: args.home });
  try {
    const checkpoints = createCheckpointRepository(db, projectIdFor(args.main.root));
    return await mergeWith(io, args, () =>
      mergeWorktreeChecked({
        main: args.main,
        git,
        worktree: args.worktree,
        env,
        record: (c) => checkpoints.record(c),
        ...(!args.json && io.stdin.isTTY ? { confirm: () => confirmMerge(io, args) } : {}),
      }),
    );
  } finally {
    db.close();
  }
}

async function mergeWith(
  io: CliIo,
  args: { main: GitReader; worktree: SluiceWorktree; home: string; json: boolean },
  merge: () => ReturnType<typeof mergeWorktreeChecked>,
): Promise<ExitCode> {
  let outcome = await merge();
  if (outcome.kind === 'uncommitted' && !args.json && io.stdin.isTTY) {
    io.stderr.write(
      `${visibleUntrusted(outcome.message.replace(/ Nothing was merged\.$/u, ''))}\n`,
    );
    const answer = (
      await askLine(io, `Commit them on ${args.worktree.branch} first, then merge? [y]es / [n]o: `)
    ).toLowerCase();
    const at = args.main.info.prefix
      ? `${args.worktree.path}/${args.main.info.prefix}`
      : args.worktree.path;
    if (
      (answer === 'y' || answer === 'yes') &&
      (await commitFirst(io, at, args.home, args.worktree.name))
    )
      outcome = await merge();
    else {
      io.stderr.write('Nothing was merged.\n');
      return ExitCode.Failure;
    }
  }
  if (args.json) writeOutcome(io, outcome);
  switch (outcome.kind) {
    case 'merged':
      if (!args.json) {
        if (outcome.output) io.stderr.write(`${terminalCommandOutput(outcome.output)}\n`);
        io.stdout.write(
          `Merged ${args.worktree.branch} as ${outcome.commit.slice(0, 12)}. Remove the worktree with: sluice worktrees remove ${args.worktree.name}\n`,
        );
        if (outcome.checkpoints.length)
          io.stdout.write(
            `Its ${plural(outcome.checkpoints.length, 'file')} in this tree are checkpoints: sluice undo ${mergeTurnId(outcome.commit)} --turn puts them back as before the merge.\n`,
          );
      }
      return ExitCode.Ok;
    case 'nothing':
      if (!args.json) io.stdout.write(`${visibleUntrusted(outcome.message)}\n`);
      return ExitCode.Ok;
    case 'declined':
      if (!args.json) io.stderr.write('Nothing was merged: you stopped at its preview.\n');
      return ExitCode.Failure;
    case 'uncommitted':
      if (!args.json) io.stderr.write(`${visibleUntrusted(outcome.message)}\n`);
      return ExitCode.Failure;
    case 'failed':
      if (!args.json) {
        if (outcome.output) io.stderr.write(`${terminalCommandOutput(outcome.output)}\n`);
        io.stderr.write(
          `git merge exited ${outcome.exitCode}; the merge was aborted and nothing changed.\n`,
        );
      }
      return ExitCode.Failure;
  }
}

function writeOutcome(io: CliIo, outcome: Awaited<ReturnType<typeof mergeWorktreeChecked>>): void {
  writeJsonLine(
    io,
    outcome.kind === 'uncommitted'
      ? { kind: outcome.kind, message: outcome.message, uncommitted: outcome.state.uncommitted }
      : outcome,
  );
}

/** The branch's files and their evidence, then the question; true to merge. */
async function confirmMerge(
  io: CliIo,
  args: { main: GitReader; worktree: SluiceWorktree },
): Promise<boolean> {
  const workspace = await Workspace.open(args.main.root);
  const cli = openCliEngine({ io, workspace, createTests: null });
  let preview;
  try {
    io.stderr.write(`Checking what ${args.worktree.branch} would bring…\n`);
    preview = await mergePreview({
      main: args.main,
      branch: args.worktree.branch,
      diagnostics: cli.engine.checks.diagnostics,
    });
  } finally {
    await cli.close();
  }
  const shown = preview.files.slice(0, 20).map((f) => `  ${visibleUntrusted(f)}`);
  if (preview.files.length > 20) shown.push(`  and ${preview.files.length - 20} more`);
  io.stderr.write(
    `${args.worktree.branch} changes ${plural(preview.files.length, 'file')} here:\n${shown.join('\n')}\n`,
  );
  if (preview.bothChanged.length)
    io.stderr.write(
      `Changed here too, so merged by git and not checked: ${preview.bothChanged.map(visibleUntrusted).join(', ')}\n`,
    );
  if (preview.evidence)
    io.stderr.write(renderEvidence(preview.evidence, Boolean(io.stderr.isTTY) && !io.env.NO_COLOR));
  const answer = (await askLine(io, 'Merge it? [y]es / [n]o: ')).toLowerCase();
  return answer === 'y' || answer === 'yes';
}
