// `sluice commit`, before it commits: what the commit carries, checked (git/commit-evidence.ts:
// its errors against HEAD and the tests it affects) and shown as any proposal's evidence is. On
// a terminal, a commit that introduces errors or breaks tests asks once more; without one it
// goes on (the person chose it), the evidence printed above it.
import { commitEvidence } from '../main/core/git/commit-evidence';
import type { GitReader } from '../main/core/git/git-reader';
import { openAppDatabase } from '../main/core/store/app-database';
import { projectIdFor } from '../main/core/store/project-id';
import { createSettingsRepository } from '../main/core/store/settings-repository';
import { shellCreateTests } from '../main/core/test-runs/shell-tests';
import type { Workspace } from '../main/core/workspace/workspace';
import type { ProposalEvidence } from '../shared/diagnostics';
import { openCliDiagnostics } from './cli-diagnostics';
import type { CliIo } from './cli-io';
import { askLine } from './commit-message-prompt';
import { renderEvidence } from './evidence-lines';
import { sluiceHomeFor } from './project-context';

export async function checkCommit(
  io: CliIo,
  args: { workspace: Workspace; reader: GitReader; paths: readonly string[]; json: boolean },
): Promise<{ evidence: ProposalEvidence; go: boolean }> {
  if (!args.json) io.stderr.write('Checking what this commit carries against HEAD…\n');
  const home = sluiceHomeFor(io);
  const db = openAppDatabase({ home });
  const diagnostics = openCliDiagnostics({ workspace: args.workspace, db });
  const tests = shellCreateTests({
    root: args.workspace.root,
    projectId: projectIdFor(args.workspace.root),
    home,
    settings: createSettingsRepository(db),
  });
  let evidence: ProposalEvidence;
  try {
    evidence = await commitEvidence({
      reader: args.reader,
      diagnostics,
      tests: tests.tests,
      workspace: args.workspace,
      paths: args.paths,
    });
  } finally {
    tests.service.dispose();
    await diagnostics.dispose();
    db.close();
  }
  if (args.json) return { evidence, go: true };
  io.stderr.write(renderEvidence(evidence, Boolean(io.stderr.isTTY) && !io.env.NO_COLOR));
  const failing = evidence.tests?.newlyFailing.length ?? 0;
  if ((evidence.introduced.length === 0 && failing === 0) || !io.stdin.isTTY)
    return { evidence, go: true };
  const what = [
    ...(evidence.introduced.length ? ['these errors'] : []),
    ...(failing ? ['these failing tests'] : []),
  ].join(' and ');
  const answer = (await askLine(io, `Commit it with ${what}? [y]es / [n]o: `)).toLowerCase();
  return { evidence, go: answer === 'y' || answer === 'yes' };
}
