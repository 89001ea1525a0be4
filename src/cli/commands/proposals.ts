// `sluice proposals --project DIR [--json]`: the project's change sets, newest first.
// Opening the list first marks sets whose run died (crash, kill -9) as failed.
import { projectIdFor } from '../../main/core/store/project-id';
import { openChangeSetStore } from '../change-set-store';
import { ExitCode, UsageError, writeJsonLine } from '../cli-io';
import { ANY_POSITIONALS, defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { outsideLine } from '../terminal-safe-text';
import { openProject } from '../project-context';
import { plural } from '../../shared/plural';

function firstLine(text: string, max = 70): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export default defineVerb({
  name: 'proposals',
  options: {
    project: PROJECT_OPTION,
    json: { ...JSON_OPTION, help: 'print one JSON line per change set' },
  },
  positionals: ANY_POSITIONALS,
  async run({ values, positionals, io }) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}".`);
    const { workspace } = await openProject(io, values.project);
    const { db, repo } = await openChangeSetStore(io);
    try {
      const sets = repo.list(projectIdFor(workspace.root));
      if (values.json) {
        for (const set of sets) writeJsonLine(io, set);
        return ExitCode.Ok;
      }
      if (!sets.length) {
        io.stderr.write('No change sets for this project.\n');
        return ExitCode.Ok;
      }
      for (const set of sets) {
        const when = new Date(set.createdAt).toISOString().replace('T', ' ').slice(0, 16);
        const recheck = set.needsRecheck ? ' [needs re-check]' : '';
        io.stdout.write(
          `${set.id}  ${set.status.padEnd(15)} ${when}  ${plural(set.paths.length, 'file')}${recheck}  ${outsideLine(firstLine(set.prompt))}\n`,
        );
      }
      return ExitCode.Ok;
    } finally {
      db.close();
    }
  },
});
