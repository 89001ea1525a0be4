// The project a git verb works on, with its repository: when there is none, the verb says so
// plainly ("This project is not a git repository, so …") and returns null (exit 1).
import { GitReader, notARepositoryMessage } from '../main/core/git/git-reader';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CliIo } from './cli-io';
import { openProject } from './project-context';

export async function openGitProject(
  io: CliIo,
  project: string | undefined,
  consequence: string,
): Promise<{ workspace: Workspace; reader: GitReader } | null> {
  const { workspace } = await openProject(io, project);
  const opened = await GitReader.open(workspace.root, {
    ...io.env,
    PATH: io.env.PATH ?? process.env.PATH,
  });
  if (opened.kind === 'not-a-repository') {
    io.stderr.write(`${notARepositoryMessage(consequence, opened.why)}\n`);
    return null;
  }
  return { workspace, reader: opened.reader };
}
