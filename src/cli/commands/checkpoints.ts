// `sluice checkpoints --project DIR [--json]`: the project's applied changes, newest first,
// each with the id `sluice undo` takes.
import { openAppDatabase } from '../../main/core/store/app-database';
import { createCheckpointRepository } from '../../main/core/store/checkpoint-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { sluiceHomeFor } from '../approval-session';
import { ExitCode, writeJsonLine, type CliCommand, parseCliArgs } from '../cli-io';
import { openProject } from '../project-context';

const USAGE = 'sluice checkpoints --project DIR [--conversation ID] [--json]';

export const checkpointsCommand: CliCommand = {
  name: 'checkpoints',
  usage: USAGE,
  summary: 'List the changes Sluice applied in a project (newest first).',
  async run(args, io) {
    const { values } = parseCliArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        project: { type: 'string' },
        conversation: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    const { workspace } = await openProject(io, values.project);
    const db = openAppDatabase({ home: sluiceHomeFor(io) });
    try {
      const list = createCheckpointRepository(db, projectIdFor(workspace.root)).list({
        conversationId: values.conversation,
      });
      if (values.json) {
        for (const checkpoint of list) writeJsonLine(io, checkpoint);
        return ExitCode.Ok;
      }
      if (list.length === 0) {
        io.stdout.write(`No checkpoints for ${workspace.root}.\n`);
        return ExitCode.Ok;
      }
      for (const c of list) {
        const when = new Date(c.createdAt).toISOString().replace('T', ' ').slice(0, 19);
        const flags = [c.change, c.undone ? 'undone' : '', c.turnId ? `turn ${c.turnId}` : '']
          .filter(Boolean)
          .join(', ');
        io.stdout.write(`${c.id}  ${when}  ${c.path}  (${flags})\n`);
      }
      return ExitCode.Ok;
    } finally {
      db.close();
    }
  },
};
