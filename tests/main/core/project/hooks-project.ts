// A temp project with the app database and its hooks opened as the engine opens them, for the
// hooks tests: real scripts, real SQLite, run_command's real sandbox and the confinement.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createProjectCommands } from '../../../../src/main/core/commands/project-commands';
import {
  openProjectHooks,
  type OpenProjectHooks,
  type ProjectHooksDeps,
} from '../../../../src/main/core/project/project-hooks';
import type { HookCallContext } from '../../../../src/main/core/hooks/hooks-port';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { projectIdFor } from '../../../../src/main/core/store/project-id';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

export interface HooksProject {
  readonly temp: string;
  readonly root: string;
  readonly home: string;
  readonly db: WritableDb;
  readonly projectId: string;
  readonly hooks: OpenProjectHooks;
  readonly commands: ReturnType<typeof createProjectCommands>;
  /** Writes a project file (made executable when `executable`). */
  write(relative: string, text: string, executable?: boolean): string;
  close(): Promise<void>;
}

export function context(conversationId = 'c1'): HookCallContext {
  return { conversationId, signal: new AbortController().signal };
}

export async function openHooksProject(
  options: Partial<Pick<ProjectHooksDeps, 'sandbox' | 'baseEnv'>> & {
    readonly files?: Readonly<Record<string, string>>;
  } = {},
): Promise<HooksProject> {
  const temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-hooks-')));
  const root = path.join(temp, 'project');
  const home = path.join(temp, 'home');
  mkdirSync(root);
  mkdirSync(home);
  const write = (relative: string, text: string, executable = false): string => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (executable) chmodSync(file, 0o755);
    return file;
  };
  for (const [relative, text] of Object.entries(options.files ?? {}))
    write(relative, text, relative.endsWith('.sh'));
  const db = openAppDatabase({ home });
  const workspace = await Workspace.open(root);
  const projectId = projectIdFor(workspace.root);
  const commands = createProjectCommands({ db, projectId, home });
  const errors: unknown[] = [];
  const hooks = openProjectHooks({
    db,
    projectId,
    workspace,
    home,
    commands,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.baseEnv ? { baseEnv: options.baseEnv } : {}),
    onBackgroundError: (error) => errors.push(error),
  });
  await hooks.ready();
  return {
    temp,
    root: workspace.root,
    home,
    db,
    projectId,
    hooks,
    commands,
    write,
    async close() {
      await hooks.dispose();
      commands.dispose();
      db.close();
      rmSync(temp, { recursive: true, force: true });
      if (errors.length) throw new Error(`background errors: ${errors.map(String).join('; ')}`);
    },
  };
}

/** `.sluice/hooks.json` in Claude Code's shape. */
export function hooksFile(
  groups: Record<string, { matcher?: string; hooks: { command: string; timeout?: number }[] }[]>,
): string {
  return JSON.stringify({
    hooks: Object.fromEntries(
      Object.entries(groups).map(([event, list]) => [
        event,
        list.map((group) => ({
          ...(group.matcher !== undefined ? { matcher: group.matcher } : {}),
          hooks: group.hooks.map((h) => ({ type: 'command', ...h })),
        })),
      ]),
    ),
  });
}
