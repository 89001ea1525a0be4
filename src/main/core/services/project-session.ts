// The currently open project: its sandboxed Workspace plus whatever per-project objects the
// composition root builds for it (agent runner, approval broker, checkpoints, index). One
// session per shell; opening another project replaces the previous one only once the new
// one is fully built, so a failed open leaves the old project working.
import path from 'node:path';
import type { ProjectInfo } from '../../../shared/contract/project-service';
import { Workspace } from '../workspace/workspace';
import type { ProjectRepository } from '../store/project-repository';
import { projectIdFor } from '../store/project-id';

export interface OpenProject<C> {
  readonly info: ProjectInfo;
  readonly workspace: Workspace;
  readonly context: C;
}

export class NoProjectOpenError extends Error {
  override readonly name = 'NoProjectOpenError';
  constructor() {
    super('No project is open: open a folder first.');
  }
}

export interface ProjectSession<C> {
  current(): OpenProject<C> | null;
  /** The open project, or NoProjectOpenError with a message for the person. */
  require(): OpenProject<C>;
  /** Opens (or re-opens) a folder; records it in recent projects. */
  open(folder: string): Promise<OpenProject<C>>;
  /** Disposes the open project's context. */
  close(): Promise<void>;
}

export interface ProjectSessionDeps<C> {
  readonly projects: ProjectRepository;
  /** Builds the per-project objects; a throw aborts the open. */
  openContext(project: { info: ProjectInfo; workspace: Workspace }): C | Promise<C>;
  disposeContext?(context: C): void | Promise<void>;
  readonly now?: () => number;
  readonly openWorkspace?: (folder: string) => Promise<Workspace>;
}

export function createProjectSession<C>(deps: ProjectSessionDeps<C>): ProjectSession<C> {
  const now = deps.now ?? Date.now;
  const openWorkspace = deps.openWorkspace ?? ((folder: string) => Workspace.open(folder));
  let currentProject: OpenProject<C> | null = null;
  // Opens run one after another so two quick clicks cannot interleave their swaps.
  let queue: Promise<unknown> = Promise.resolve();

  const dispose = async (project: OpenProject<C> | null): Promise<void> => {
    if (project && deps.disposeContext) await deps.disposeContext(project.context);
  };

  const openNow = async (folder: string): Promise<OpenProject<C>> => {
    const workspace = await openWorkspace(folder);
    const id = projectIdFor(workspace.root);
    const provisional: ProjectInfo = {
      id,
      root: workspace.root,
      name: projectName(workspace.root),
      lastOpenedAt: now(),
    };
    const context = await deps.openContext({ info: provisional, workspace });
    let info: ProjectInfo;
    try {
      info = deps.projects.recordOpened({
        id,
        root: workspace.root,
        name: provisional.name,
        openedAt: provisional.lastOpenedAt,
      });
    } catch (error) {
      await deps.disposeContext?.(context);
      throw error;
    }
    const previous = currentProject;
    currentProject = { info, workspace, context };
    if (previous !== null) await dispose(previous);
    return currentProject;
  };

  return {
    current: () => currentProject,
    require() {
      if (!currentProject) throw new NoProjectOpenError();
      return currentProject;
    },
    open(folder) {
      const next = queue.then(() => openNow(folder));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      const previous = currentProject;
      currentProject = null;
      await dispose(previous);
    },
  };
}

function projectName(root: string): string {
  return path.basename(root) || root;
}
