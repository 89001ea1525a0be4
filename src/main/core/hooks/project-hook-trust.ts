// The project's hooks as they stand: `.sluice/hooks.json` read through the workspace (a link
// out of the project is refused like any read), each hook pinned by content (hook-pins.ts) and
// given its trust against the versions the person approved: `approved` when this exact pin was,
// `changed` when a hook in the same place, or with the same text, was approved at another pin,
// else `not_approved`. Only an approved hook ever runs.
import type { HookDefinition, HookTrust } from '../../../shared/hooks';
import type { HookApprovalRow } from '../store/hook-repository';
import type { Workspace } from '../workspace/workspace';
import {
  MAX_HOOKS_FILE_BYTES,
  parseProjectHooksFile,
  PROJECT_HOOKS_FILE,
  type ProjectHookEntry,
} from './hooks-file';
import { projectHookPin } from './hook-pins';

export type HookFiles = Pick<Workspace, 'root' | 'stat' | 'readBytes' | 'readText'>;

export interface ProjectHookState {
  readonly entry: ProjectHookEntry;
  /** What an approval is of: the hook and the bytes of the project files it names. */
  readonly pin: string;
  readonly trust: HookTrust;
}

export interface ProjectHooksRead {
  readonly hooks: readonly ProjectHookState[];
  readonly problems: readonly string[];
}

export function trustOf(
  entry: ProjectHookEntry,
  pin: string,
  approvals: readonly HookApprovalRow[],
): HookTrust {
  if (approvals.some((a) => a.pinHash === pin)) return 'approved';
  if (approvals.some((a) => a.slot === entry.slot || a.hookId === entry.id)) return 'changed';
  return 'not_approved';
}

export function projectDefinition(state: ProjectHookState): HookDefinition {
  const { slot: _slot, ...definition } = state.entry;
  return { ...definition, trust: state.trust };
}

async function readFileText(files: HookFiles): Promise<string | { problem: string } | null> {
  try {
    const stat = await files.stat(PROJECT_HOOKS_FILE);
    if (stat === null) return null;
    if (stat.type !== 'file') return { problem: `${PROJECT_HOOKS_FILE} is not a file` };
    return await files.readText(PROJECT_HOOKS_FILE, { maxBytes: MAX_HOOKS_FILE_BYTES });
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Reads the file, pins each hook and gives it its trust. Never throws: problems are words. */
export async function readProjectHooks(
  files: HookFiles,
  approvals: readonly HookApprovalRow[],
): Promise<ProjectHooksRead> {
  const text = await readFileText(files);
  if (text === null) return { hooks: [], problems: [] };
  if (typeof text !== 'string')
    return {
      hooks: [],
      problems: [
        `${PROJECT_HOOKS_FILE} could not be read (${text.problem}); none of its hooks run.`,
      ],
    };
  const parsed = parseProjectHooksFile(text);
  const hooks: ProjectHookState[] = [];
  for (const entry of parsed.hooks) {
    const pin = await projectHookPin(entry, files);
    hooks.push({ entry, pin, trust: trustOf(entry, pin, approvals) });
  }
  return { hooks, problems: parsed.problems };
}
