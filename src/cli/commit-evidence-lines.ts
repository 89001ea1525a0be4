// `sluice commit`, before it commits: what the commit carries, checked (git/commit-evidence.ts)
// and shown as any proposal's evidence is. On a terminal, a commit that introduces errors asks
// once more; without one it goes on (the person chose it), the evidence printed above it.
import { commitEvidence } from '../main/core/git/commit-evidence';
import type { GitReader } from '../main/core/git/git-reader';
import { openAppDatabase } from '../main/core/store/app-database';
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
  const db = openAppDatabase({ home: sluiceHomeFor(io) });
  const diagnostics = openCliDiagnostics({ workspace: args.workspace, db });
  let evidence: ProposalEvidence;
  try {
    evidence = await commitEvidence({ reader: args.reader, diagnostics, paths: args.paths });
  } finally {
    await diagnostics.dispose();
    db.close();
  }
  if (args.json) return { evidence, go: true };
  io.stderr.write(renderEvidence(evidence, Boolean(io.stderr.isTTY) && !io.env.NO_COLOR));
  if (evidence.introduced.length === 0 || !io.stdin.isTTY) return { evidence, go: true };
  const answer = (await askLine(io, 'Commit it with these errors? [y]es / [n]o: ')).toLowerCase();
  return { evidence, go: answer === 'y' || answer === 'yes' };
}
