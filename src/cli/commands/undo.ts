// `sluice undo ID --project DIR [--turn] [--force] [--keep-commit] [--json]`: restores the bytes
// a checkpoint replaced (or removes the file it created); with --turn, every change of that
// turn. Refuses, saying why, when the file changed since — unless --force. Exit 1 when
// anything was refused. A turn that was committed (commit each approved turn) and is still
// HEAD is undone by `git revert` of its commit instead, unless --keep-commit.
import { undoCheckpoint, undoTurn } from '../../main/core/checkpoints/undo-checkpoint';
import { idsStartingWith } from '../../main/core/store/id-prefix';
import type { ReadableDb } from '../../main/core/store/database-handles';
import { typedId } from '../typed-id';
import { openAppDatabase } from '../../main/core/store/app-database';
import { createCheckpointRepository } from '../../main/core/store/checkpoint-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { ExitCode, UsageError, writeJsonLine } from '../cli-io';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { outsideLine } from '../terminal-safe-text';
import { openProject, sluiceHomeFor } from '../project-context';

export default defineVerb({
  name: 'undo',
  args: 'ID',
  options: {
    project: PROJECT_OPTION,
    turn: { type: 'boolean', default: false, help: "undo every change of ID's turn" },
    force: {
      type: 'boolean',
      default: false,
      help: 'undo even when the file changed since (its newer text is lost)',
    },
    'keep-commit': {
      type: 'boolean',
      default: false,
      help: 'with --turn on a turn Sluice committed: restore the files instead of git revert',
    },
    json: { ...JSON_OPTION, help: 'print the result as one JSON line' },
  },
  positionals: {
    min: 1,
    max: 1,
    message: 'give exactly one checkpoint ID (see `sluice checkpoints`).',
  },
  async run({ values, positionals: [typed = ''], io }) {
    let id = typed;
    if (id.length > 200) throw new UsageError('the ID is longer than 200 characters.');
    const { workspace } = await openProject(io, values.project);
    const db = openAppDatabase({ home: sluiceHomeFor(io) });
    try {
      const store = createCheckpointRepository(db, projectIdFor(workspace.root));
      const deps = { workspace, store };
      if (values.turn) id = turnIdFor(db, workspace.root, id);
      if (values.turn && !values['keep-commit']) {
        const { undoTurnThroughGit } = await import('../undo-turn-commit');
        const code = await undoTurnThroughGit({
          io,
          workspace,
          store,
          turnId: id,
          json: values.json,
        });
        if (code !== null) return code;
      }
      const result = values.turn
        ? await undoTurn(deps, id, values.force)
        : await undoCheckpoint(deps, checkpointIdFor(db, workspace.root, id), values.force);
      if (values.json) writeJsonLine(io, result);
      else {
        for (const undone of result.undone) io.stdout.write(`Undone ${outsideLine(undone)}.\n`);
        for (const refused of result.refused)
          io.stderr.write(
            `Not undone ${outsideLine(refused.id)}: ${outsideLine(refused.reason)}\n`,
          );
      }
      return result.refused.length === 0 ? ExitCode.Ok : ExitCode.Failure;
    } finally {
      db.close();
    }
  },
});

/** A checkpoint id of this project as typed: whole, or an unambiguous start of it. */
function checkpointIdFor(db: ReadableDb, root: string, typed: string): string {
  const matches = idsStartingWith(
    db,
    { table: 'checkpoints', projectId: projectIdFor(root) },
    typed,
  );
  return typedId(typed, matches, 'checkpoint');
}

/** A turn of this project (one with checkpoints) as typed: whole, or an unambiguous start. */
function turnIdFor(db: ReadableDb, root: string, typed: string): string {
  const on = { table: 'checkpoints', projectId: projectIdFor(root), column: 'turn_id' } as const;
  return typedId(typed, idsStartingWith(db, on, typed), 'turn');
}
