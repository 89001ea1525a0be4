// Opens the project a verb works on (`--project DIR`, relative to the CLI's cwd) as a
// Workspace. A missing flag or folder is a usage error (exit 2).
import os from 'node:os';
import path from 'node:path';
import { resolveSluiceHome } from '../main/core/workspace/sluice-home';
import { SandboxError, Workspace, type WorkspaceLimits } from '../main/core/workspace/workspace';
import { UsageError, type CliIo } from './cli-io';

export interface ProjectContext {
  readonly workspace: Workspace;
}

export async function openProject(
  io: CliIo,
  project: string | undefined,
  limits?: Partial<WorkspaceLimits>,
): Promise<ProjectContext> {
  if (project === undefined || project.trim() === '')
    throw new UsageError('--project DIR is required.');
  try {
    const workspace = await Workspace.open(path.resolve(io.cwd, project), limits);
    return { workspace };
  } catch (error) {
    if (error instanceof SandboxError)
      throw new UsageError(`--project ${project}: ${error.message}`);
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
