// How the Go checker runs `go`: always through the confinement, never on the host.
// The project read-only; GOCACHE a per-project private folder, the only writable one; GOPATH
// and the module cache readable, never writable; GOROOT readable wherever it lives; the
// environment pinned so nothing in the project or the person's go env changes what runs:
// GOENV=off (no go/env file), GOFLAGS=-mod=readonly -buildvcs=false (go.mod is never rewritten,
// git is never asked to stamp the build, so a core.fsmonitor runs nothing), GOTOOLCHAIN=local
// (no other toolchain fetched or run), GOPROXY=off, GOWORK=off, GOTELEMETRY=off. cgo runs only
// inside the sandbox (its compiler is one more confined process).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SandboxAvailability } from '../../sandbox/bubblewrap';
import {
  DEFAULT_CONFINED_LIMITS,
  runConfined,
  type ConfinedLimits,
} from '../../confinement/confined-process';
import { stoppedAtMemoryCeiling } from '../../../../shared/memory-ceiling-words';

/** The flags every go command gets, on its command line and in GOFLAGS. */
export const GO_PINNED_FLAGS = ['-mod=readonly', '-buildvcs=false'] as const;

export interface GoRunContext {
  readonly go: string;
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cacheDir: string;
  readonly limits?: ConfinedLimits | undefined;
  readonly sandbox?: SandboxAvailability | undefined;
  /** Host folders the overlay lives in (read-only inside). */
  readonly readOnly?: readonly string[];
  /** The check's whole ceiling, for the words when it is reached. */
  readonly ceilingMs: number;
}

export type GoRun =
  | { readonly kind: 'ran'; readonly code: number | null; readonly output: string }
  /** It could not run or did not finish: the reason is for "not checked: …". */
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * The per-project build cache: under SLUICE_HOME when set, else the temp folder; owner-only,
 * and refused when something other than our own folder is already there.
 */
export function goCacheDir(root: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const home = env.SLUICE_HOME?.trim();
  const base =
    home && path.isAbsolute(home)
      ? path.join(home, 'cache', 'go-build')
      : path.join(os.tmpdir(), `sluice-go-cache-${process.getuid?.() ?? 'user'}`);
  const dir = path.join(base, hash);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const folder of [base, dir]) {
    const info = lstatSync(folder);
    if (!info.isDirectory() || (process.getuid && info.uid !== process.getuid()))
      throw new Error(`${folder} is not a private folder of this user`);
  }
  return dir;
}

/** GOROOT of this go binary (…/bin/go → …), when it has one. */
function goRootOf(go: string): string | null {
  try {
    const root = path.dirname(path.dirname(realpathSync(go)));
    return existsSync(path.join(root, 'src')) ? root : null;
  } catch {
    return null;
  }
}

/** The module cache and GOPATH the person has, shown read-only inside. */
function goPaths(env: NodeJS.ProcessEnv): { gopath: string; modcache: string } {
  const home = env.HOME || os.homedir();
  const gopath = (env.GOPATH?.split(path.delimiter)[0] ?? '') || path.join(home, 'go');
  const modcache = env.GOMODCACHE || path.join(gopath, 'pkg', 'mod');
  return { gopath, modcache };
}

/** The environment `go` gets inside, besides the confinement's allow-list. */
export function goEnv(context: Pick<GoRunContext, 'env' | 'cacheDir'>): Record<string, string> {
  const { gopath, modcache } = goPaths(context.env);
  return {
    GOENV: 'off',
    GOFLAGS: GO_PINNED_FLAGS.join(' '),
    GOTOOLCHAIN: 'local',
    GOPROXY: 'off',
    GOWORK: 'off',
    GOTELEMETRY: 'off',
    GONOSUMDB: '',
    GOSUMDB: 'off',
    GOPATH: gopath,
    GOMODCACHE: modcache,
    GOCACHE: context.cacheDir,
  };
}

function existing(paths: readonly string[]): string[] {
  return [...new Set(paths)].filter((p) => existsSync(p));
}

/** `'…'` for sh, whatever the text holds. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/gu, `'\\''`)}'`;
}

/** One `go` command in the confinement, ended by `deadlineMs` and `signal`. */
export async function runGo(
  context: GoRunContext,
  args: readonly string[],
  cwd: string,
  deadlineMs: number,
  signal: AbortSignal,
): Promise<GoRun> {
  const [only] = await runGoSequence(context, [args], cwd, deadlineMs, signal);
  return only ?? { kind: 'failed', reason: 'go did not run' };
}

/**
 * Several `go` commands one after the other in ONE confinement (one sandbox to start, not
 * one per command: a check's builds before and after the change). Each command's output
 * (stderr merged) ends with a line holding a random token and its exit status, which
 * nothing the commands print can forge.
 */
export async function runGoSequence(
  context: GoRunContext,
  commands: readonly (readonly string[])[],
  cwd: string,
  deadlineMs: number,
  signal: AbortSignal,
): Promise<GoRun[]> {
  const token = `sluice-go-${randomBytes(12).toString('hex')}`;
  const script = commands
    .map(
      (args) =>
        `${[context.go, ...args].map(shellQuote).join(' ')} 2>&1; printf '\n%s %s\n' ${token} $?`,
    )
    .join('; ');
  const single = await runGoConfined(context, ['/bin/sh', '-c', script], cwd, deadlineMs, signal);
  if (single.kind === 'failed') return commands.map(() => single);
  const runs: GoRun[] = [];
  let rest = single.output;
  for (let i = 0; i < commands.length; i++) {
    const match = new RegExp(`\n${token} (\\d+)\n`, 'u').exec(rest);
    if (!match) {
      runs.push({ kind: 'failed', reason: 'go ended before it said how (no exit status)' });
      continue;
    }
    runs.push({ kind: 'ran', code: Number(match[1]), output: rest.slice(0, match.index) });
    rest = rest.slice(match.index + match[0].length);
  }
  return runs;
}

async function runGoConfined(
  context: GoRunContext,
  argv: readonly [string, ...string[]],
  cwd: string,
  deadlineMs: number,
  signal: AbortSignal,
): Promise<GoRun> {
  const { gopath, modcache } = goPaths(context.env);
  const goroot = goRootOf(context.go);
  const result = await runConfined({
    root: context.root,
    cwd,
    argv,
    env: goEnv(context),
    readOnly: existing([
      ...(goroot ? [goroot] : []),
      path.dirname(context.go),
      gopath,
      modcache,
      ...(context.readOnly ?? []),
    ]),
    writable: [context.cacheDir],
    signal,
    deadlineMs: Math.max(1, deadlineMs),
    baseEnv: context.env,
    ...(context.limits ? { limits: context.limits } : {}),
    ...(context.sandbox ? { sandbox: context.sandbox } : {}),
  });
  if (!result.ok) return { kind: 'failed', reason: result.reason };
  const limits = context.limits;
  switch (result.exit.reason) {
    case 'aborted':
      return { kind: 'failed', reason: 'the check was cancelled' };
    case 'killed':
      return {
        kind: 'failed',
        reason: result.timedOut
          ? `go did not finish within the check's ceiling of ${Math.round(context.ceilingMs / 1000)} s and was stopped`
          : 'go printed more than the checker reads and was stopped',
      };
    case 'memory':
      return {
        kind: 'failed',
        reason: `go ${stoppedAtMemoryCeiling(limits?.memoryBytes || DEFAULT_CONFINED_LIMITS.memoryBytes)}`,
      };
    case 'cpu':
      return {
        kind: 'failed',
        reason: `go reached the checkers' CPU-time limit${limits?.cpuSeconds ? ` (${limits.cpuSeconds} s)` : ''} and was stopped`,
      };
    case 'exited':
      return { kind: 'ran', code: result.exit.code, output: `${result.stdout}\n${result.stderr}` };
  }
}
