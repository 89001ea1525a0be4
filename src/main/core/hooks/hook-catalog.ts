// Which hooks a project has right now: the person's own (read from the app DB at each look) and
// the project's file as last read, with their trust. The file is read again when it changes on
// disk (its size or time), on reload(), and its trust is given again after an approval.
import type { HookDefinition } from '../../../shared/hooks';
import type { HookRepository } from '../store/hook-repository';
import type { HookCandidate } from './hook-calls';
import { hookByIdStart } from './hook-identity';
import { compileMatcher } from './hook-matcher';
import { projectHookPin } from './hook-pins';
import { PROJECT_HOOKS_FILE } from './hooks-file';
import { personDefinition } from './person-hooks';
import {
  projectDefinition,
  readProjectHooks,
  trustOf,
  type HookFiles,
  type ProjectHooksRead,
} from './project-hook-trust';

export interface HookCatalog {
  list(): HookDefinition[];
  problems(): string[];
  /** What a call may run, in order: the person's, then the project's with their pin check. */
  candidates(): HookCandidate[];
  /** Resolves once the latest read of the file is in. */
  ready(): Promise<void>;
  reload(): void;
  /** ready(), after reading the file again if it changed on disk since the last read. */
  current(): Promise<void>;
  /** Approves a project hook at its pin as last read; throws in words for anything else. */
  approve(id: string, at: number): HookDefinition;
}

export function openHookCatalog(deps: {
  readonly repo: HookRepository;
  readonly projectId: string;
  readonly files: HookFiles;
}): HookCatalog {
  const { repo, projectId, files } = deps;
  let read: ProjectHooksRead = { hooks: [], problems: [] };
  let seen: string | null = null;
  let loading: Promise<void> = Promise.resolve();

  const stamp = async (): Promise<string> => {
    try {
      const stat = await files.stat(PROJECT_HOOKS_FILE);
      return stat ? `${stat.size}:${stat.mtimeMs}` : 'none';
    } catch (error) {
      return `refused:${error instanceof Error ? error.message : String(error)}`;
    }
  };
  const load = async (): Promise<void> => {
    const before = await stamp();
    read = await readProjectHooks(files, repo.approvals(projectId));
    seen = before;
  };
  const reload = (): void => {
    loading = loading.then(load, load);
  };
  const personHooks = (): HookDefinition[] => repo.personHooks(projectId).map(personDefinition);
  const list = (): HookDefinition[] => [...personHooks(), ...read.hooks.map(projectDefinition)];
  reload();

  return {
    list,
    problems: () => [...read.problems],
    candidates: () => [
      ...personHooks().map((definition) => ({
        definition,
        matcher: compileMatcher(definition.matcher),
      })),
      ...read.hooks.map((state) => ({
        definition: projectDefinition(state),
        matcher: compileMatcher(state.entry.matcher),
        stillApproved: async () => {
          const pin = await projectHookPin(state.entry, files);
          if (trustOf(state.entry, pin, repo.approvals(projectId)) === 'approved') return null;
          // The list says so too from now on.
          reload();
          return 'changed since you approved it (a project file its command names is not what you approved); it does not run until you approve it again';
        },
      })),
    ],
    ready: () => loading,
    reload,
    async current() {
      await loading;
      if ((await stamp()) === seen) return;
      reload();
      await loading;
    },
    approve(id, at) {
      const hook = hookByIdStart(list(), id, 'hook');
      const state = read.hooks.find((s) => s.entry.id === hook.id);
      if (!state) throw new Error('That hook is yours: it needs no approval.');
      repo.approve(projectId, {
        pinHash: state.pin,
        hookId: state.entry.id,
        slot: state.entry.slot,
        approvedAt: at,
      });
      const approvals = repo.approvals(projectId);
      read = {
        ...read,
        hooks: read.hooks.map((s) => ({ ...s, trust: trustOf(s.entry, s.pin, approvals) })),
      };
      return projectDefinition({ ...state, trust: 'approved' });
    },
  };
}
