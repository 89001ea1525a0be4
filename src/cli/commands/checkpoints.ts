// `sluice checkpoints --project DIR [--json]`: the project's applied changes, newest first,
// each with the id `sluice undo` takes, and what was checked of the text written (else a live
// edit's late test verdict).
import { openAppDatabase } from '../../main/core/store/app-database';
import { createCheckpointRepository } from '../../main/core/store/checkpoint-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { checkpointTestsNote } from '../../shared/checkpoint-tests-text';
import { checkpointEvidenceNote } from '../../shared/checkpoint-evidence-text';
import { ExitCode, writeJsonLine } from '../cli-io';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { outsideLine } from '../terminal-safe-text';
import { openProject, sluiceHomeFor } from '../project-context';

export default defineVerb({
  name: 'checkpoints',
  options: {
    project: PROJECT_OPTION,
    conversation: {
      type: 'string',
      value: 'ID',
      help: "only this conversation's changes",
      defaultText: 'every conversation',
    },
    json: { ...JSON_OPTION, help: 'print one JSON line per checkpoint' },
  },
  async run({ values, io }) {
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
        io.stdout.write(`No checkpoints for ${outsideLine(workspace.root)}.\n`);
        return ExitCode.Ok;
      }
      for (const c of list) {
        const when = new Date(c.createdAt).toISOString().replace('T', ' ').slice(0, 19);
        const flags = [
          c.change,
          c.undone ? 'undone' : '',
          c.turnId ? `turn ${c.turnId}` : '',
          // The evidence is of the bytes written; a late verdict may be of the proposal as shown.
          !c.evidence && c.tests ? checkpointTestsNote(c.tests) : '',
        ]
          .filter(Boolean)
          .join(', ');
        const checked = c.evidence ? `  ${outsideLine(checkpointEvidenceNote(c.evidence))}` : '';
        io.stdout.write(
          `${c.id}  ${when}  ${outsideLine(c.path)}  (${outsideLine(flags)})${checked}\n`,
        );
      }
      return ExitCode.Ok;
    } finally {
      db.close();
    }
  },
});
