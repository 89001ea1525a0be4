// `sluice commit`, before it commits: what the commit carries, checked (git/commit-evidence.ts:
// its errors against HEAD and the tests it affects) and shown as any proposal's evidence is. On
// a terminal, a commit that introduces errors or breaks tests asks once more; without one it
// goes on (the person chose it), the evidence printed above it.
import { commitEvidence } from '../main/core/git/commit-evidence';
import type { GitReader } from '../main/core/git/git-reader';
import type { Workspace } from '../main/core/workspace/workspace';
import type { ProposalEvidence } from '../shared/diagnostics';
import { openCliEngine } from './cli-engine';
import type { CliIo } from './cli-io';
import { askLine } from './commit-message-prompt';
import { renderEvidence } from './evidence-lines';

export async function checkCommit(
  io: CliIo,
  args: { workspace: Workspace; reader: GitReader; paths: readonly string[]; json: boolean },
): Promise<{ evidence: ProposalEvidence; go: boolean }> {
  if (!args.json) io.stderr.write('Checking what this commit carries against HEAD…\n');
  const cli = openCliEngine({ io, workspace: args.workspace });
  const { checks } = cli.engine;
  let evidence: ProposalEvidence;
  try {
    evidence = await commitEvidence({
      reader: args.reader,
      diagnostics: checks.diagnostics,
      tests: checks.testRuns?.tests,
      workspace: args.workspace,
      paths: args.paths,
    });
  } finally {
    await cli.close();
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
