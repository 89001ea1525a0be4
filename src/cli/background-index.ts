// The rest of the symbol index, built after `sluice def`/`importers` printed a quick answer:
// a detached child process runs Sluice's own indexer (our parsers on the
// project's files; nothing from the project runs) so the person's prompt comes back at once.
// - One build at a time per project: the child holds `<index db>.build.lock` (its pid, created
//   exclusively; a lock whose pid is gone is taken over), and no child is started while one
//   holds it.
// - It runs at the lowest priority: a background build yields to the person's next command.
// - Its output goes to `<SLUICE_HOME>/logs/index-<db name>.log`.
// - It inherits no descriptor but 0-2 (stdin /dev/null, stdout and stderr the log): a
//   descriptor this process inherited without close-on-exec (a socket left open by whatever
//   started Sluice) is replaced by /dev/null in the child, and its environment is an
//   allow-list (no ANTHROPIC_API_KEY, no token of any kind).
import { spawn, type StdioOptions } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { indexDatabasePath } from '../main/core/index/index-database';
import { childStdio } from '../main/core/process/child-descriptors';

export type BackgroundIndexStart =
  | { readonly kind: 'started'; readonly pid: number; readonly log: string }
  | { readonly kind: 'running'; readonly pid: number }
  | { readonly kind: 'failed'; readonly message: string };

export interface BackgroundIndexRequest {
  /** The project's root (its real path, as the Workspace has it). */
  readonly root: string;
  /** SLUICE_HOME, resolved. */
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The variables the indexer needs; nothing else of the caller's environment goes to it. */
const CHILD_ENV = [
  'PATH',
  'HOME',
  'USERPROFILE',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LC_ALL',
  'SystemRoot',
];

export function indexBuildLockPath(home: string, root: string): string {
  return `${indexDatabasePath(home, root)}.build.lock`;
}

export function backgroundIndexLogPath(home: string, root: string): string {
  return path.join(
    home,
    'logs',
    `index-${path.basename(indexDatabasePath(home, root), '.db')}.log`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the build lock, when that process is alive. */
export function lockHolder(lock: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/** How to run the child: the bundle's sibling entry, or (dev, tests) the source through tsx. */
function childCommand(moduleUrl: string): string[] {
  if (moduleUrl.endsWith('.ts')) {
    const tsx = createRequire(moduleUrl).resolve('tsx');
    return [
      '--import',
      pathToFileURL(tsx).href,
      fileURLToPath(new URL('./background-index-child.ts', moduleUrl)),
    ];
  }
  return [fileURLToPath(new URL('./background-index-child.js', moduleUrl))];
}

/**
 * The indexer yields to whatever the person runs next: the lowest priority, set as soon as it
 * exists so its own start does not compete with this process's end (on Linux a priority is a
 * thread's: the child sets it again on every thread it has, background-index-child.ts). Where it
 * cannot be set it runs as is.
 */
export function lowestPriority(pid: number): void {
  try {
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // A platform or sandbox that refuses it: the build still runs, at the normal priority.
  }
}

export async function startBackgroundIndex(
  request: BackgroundIndexRequest,
  moduleUrl: string = import.meta.url,
): Promise<BackgroundIndexStart> {
  const holder = lockHolder(indexBuildLockPath(request.home, request.root));
  if (holder !== null) return { kind: 'running', pid: holder };
  const log = backgroundIndexLogPath(request.home, request.root);
  let logFd: number | undefined;
  try {
    mkdirSync(path.dirname(log), { recursive: true, mode: 0o700 });
    logFd = openSync(log, 'a', 0o600);
    // Any descriptor the launcher left open is covered in the child (child-descriptors.ts).
    const stdio: StdioOptions = childStdio(['ignore', logFd, logFd]);
    const env: Record<string, string> = { SLUICE_HOME: request.home };
    for (const name of CHILD_ENV) {
      const value = request.env[name];
      if (value !== undefined) env[name] = value;
    }
    const child = spawn(process.execPath, [...childCommand(moduleUrl), request.root], {
      detached: true,
      stdio,
      env,
      // The file system's root: the child holds no project or home folder busy, and a
      // folder removed meanwhile cannot leave it without a working directory.
      cwd: path.parse(request.home).root,
      windowsHide: true,
    });
    if (child.pid !== undefined) lowestPriority(child.pid);
    const started = await new Promise<BackgroundIndexStart>((resolve) => {
      child.once('spawn', () => resolve({ kind: 'started', pid: child.pid ?? 0, log }));
      child.once('error', (error) => resolve({ kind: 'failed', message: error.message }));
    });
    child.unref();
    return started;
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    if (logFd !== undefined) closeSync(logFd);
  }
}
