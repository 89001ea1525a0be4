// `sluice diff [--project DIR] [--json]`: the working tree against HEAD, file by file, each
// marked as Sluice's (its bytes are what a checkpoint wrote: which conversation) or the
// person's, untracked files included. `--revert PATH[:h1,h2]` puts a file (or those hunks of
// its diff) back as in HEAD through the approval gate: asked on the terminal, a checkpoint.
import { revertToHead } from '../../main/core/git/revert-to-head';
import { readWorkingChanges, type WorkingChange } from '../../main/core/git/working-changes';
import { openAppDatabase } from '../../main/core/store/app-database';
import { createCheckpointRepository } from '../../main/core/store/checkpoint-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { visibleUntrusted } from '../../shared/untrusted-text';
import { ExitCode, UsageError, writeJsonLine, type CliIo } from '../cli-io';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { paint, renderDiffLines } from '../diff-lines';
import { openGitProject } from '../git-project';
import { sluiceHomeFor } from '../project-context';
import { parseHunkPick } from '../hunk-pick-arg';

const STATE_MARK = {
  modified: 'M',
  added: 'A',
  deleted: 'D',
  untracked: '?',
  conflicted: 'U',
} as const;

export default defineVerb({
  name: 'diff',
  options: {
    project: PROJECT_OPTION,
    revert: {
      type: 'string',
      value: 'PATH[:h1,h2…]',
      help: 'put a file (or these hunks of it) back as in HEAD, through the approval gate',
      defaultText: 'none: only show the changes',
    },
    yes: {
      type: 'boolean',
      default: false,
      help: 'with --revert: approve it as you would on the terminal',
    },
    json: { ...JSON_OPTION, help: 'print each changed file (or the revert) as a JSON line' },
  },
  async run({ values, io }) {
    const revert =
      values.revert === undefined ? undefined : parseHunkPick(values.revert, '--revert');
    if (values.yes && !revert) throw new UsageError('--yes goes with --revert.');
    const opened = await openGitProject(io, values.project, 'there is no HEAD to compare with.');
    if (!opened) return ExitCode.Failure;
    const { workspace, reader } = opened;
    if (revert) {
      const { openCliToolContext } = await import('../cli-engine');
      const session = openCliToolContext({
        workspace,
        tool: { kind: 'write' },
        yes: values.yes,
        io,
      });
      try {
        const result = await revertToHead(
          reader,
          { ...session.context, workspace, signal: new AbortController().signal },
          revert,
        );
        if (values.json) writeJsonLine(io, result);
        else
          (result.outcome === 'reverted' ? io.stdout : io.stderr).write(
            `${visibleUntrusted(result.message)}\n`,
          );
        return result.outcome === 'reverted' ? ExitCode.Ok : ExitCode.Failure;
      } finally {
        await session.close();
      }
    }
    const db = openAppDatabase({ home: sluiceHomeFor(io) });
    let changes: WorkingChange[];
    try {
      changes = await readWorkingChanges({
        reader,
        workspace,
        checkpoints: createCheckpointRepository(db, projectIdFor(workspace.root)),
      });
    } finally {
      db.close();
    }
    if (values.json) {
      for (const change of changes) writeJsonLine(io, change);
      return ExitCode.Ok;
    }
    printChanges(io, changes, await reader.branch());
    return ExitCode.Ok;
  },
});

function printChanges(io: CliIo, changes: readonly WorkingChange[], branch: string | null): void {
  const color = Boolean(io.stdout.isTTY) && !io.env.NO_COLOR;
  const c = paint(color);
  if (changes.length === 0) {
    io.stdout.write(`No changes against HEAD${branch ? ` (on ${branch})` : ''}.\n`);
    return;
  }
  for (const change of changes) {
    const who =
      change.by === 'sluice'
        ? `Sluice (conversation ${change.conversationId ?? 'none'}, checkpoint ${change.checkpointId ?? ''})`
        : 'you';
    const state = change.state === 'untracked' ? 'untracked, ' : '';
    io.stdout.write(
      `${c.bold(`${STATE_MARK[change.state]} ${visibleUntrusted(change.path)}`)}  ${state}by ${who}\n`,
    );
    if (change.note) io.stdout.write(`  ${visibleUntrusted(change.note)}\n`);
    for (const hunk of change.hunks) {
      const header = `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@ ${hunk.id}`;
      io.stdout.write(
        `${renderDiffLines([header, ...hunk.lines.map((l) => l.replace(/\r?\n$/u, ''))], color)}\n`,
      );
    }
  }
  io.stdout.write(
    `\nRevert a file or hunks to HEAD with: sluice diff --revert PATH[:h1,h2] (asked like any write).\n`,
  );
}
