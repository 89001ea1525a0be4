// Opens the project a verb works on as a Workspace: `--project DIR` (relative to the CLI's
// cwd) when given; otherwise the enclosing git repository's root, else the current folder,
// and the first line on stderr says which folder was taken (stderr, so `--json` stdout stays
// clean). A folder that cannot be opened is a usage error (exit 2).
import os from 'node:os';
import path from 'node:path';
import { findEnclosingGitRoot } from '../main/core/workspace/enclosing-git-root';
import { resolveSluiceHome } from '../main/core/workspace/sluice-home';
import { SandboxError, Workspace, type WorkspaceLimits } from '../main/core/workspace/workspace';
import { UsageError, type CliIo } from './cli-io';
import { oneLine } from './one-line-text';

export interface ProjectContext {
  readonly workspace: Workspace;
}

/** The folder `--project` means when it is not given, and how to say why it was taken. */
export function defaultProjectFolder(cwd: string): { folder: string; why: string } {
  const root = findEnclosingGitRoot(cwd);
  return root
    ? { folder: root, why: 'the enclosing git repository' }
    : { folder: path.resolve(cwd), why: 'the current folder; no git repository above it' };
}

/** `--project` as given, or the default folder (said on stderr); blank is a usage error. */
export function projectFolder(io: CliIo, project: string | undefined): string {
  if (project !== undefined) {
    if (project.trim() === '') throw new UsageError('--project needs a folder.');
    return path.resolve(io.cwd, project);
  }
  const { folder, why } = defaultProjectFolder(io.cwd);
  io.stderr.write(`Project: ${oneLine(folder)} (${why}; --project DIR picks another)\n`);
  return folder;
}

export async function openProject(
  io: CliIo,
  project: string | undefined,
  limits?: Partial<WorkspaceLimits>,
): Promise<ProjectContext> {
  const folder = projectFolder(io, project);
  try {
    const workspace = await Workspace.open(folder, limits);
    return { workspace };
  } catch (error) {
    if (error instanceof SandboxError)
      throw new UsageError(
        `${project === undefined ? 'the project' : `--project ${oneLine(project)}`}: ${error.message}`,
      );
    throw error;
  }
}

/** SLUICE_HOME as the store resolves it, for this run's environment. */
export function sluiceHomeFor(io: CliIo): string {
  return resolveSluiceHome({
    env: io.env,
    platform: process.platform,
    homedir: os.homedir(),
    cwd: io.cwd,
  });
}
