// How a confined program is started (confined-process.ts): whether this machine can confine
// at all, and the wrapper line — the bash program that sets the ceilings and closes inherited
// descriptors (confined-wrapper.ts), then bwrap with the project read-only and the homes
// hidden, then the program.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bubblewrapSetupArgs, type SandboxAvailability } from '../sandbox/bubblewrap';
import { BASH, BASH_FLAGS, OUTER_SCRIPT, wrapperAvailable } from './confined-wrapper';

/** Why nothing can run confined here, or null when it can. */
export function confinementUnavailable(sandbox: SandboxAvailability): string | null {
  if (!sandbox.available) return `no sandbox on this machine (${sandbox.detail})`;
  if (sandbox.kind === 'seatbelt')
    return 'no sandbox on this machine (confined checkers need bubblewrap; Seatbelt does not run them yet)';
  if (!wrapperAvailable())
    return `no sandbox on this machine (${BASH}, which closes inherited descriptors, is missing)`;
  return null;
}

/** The person's home (HOME, else the passwd entry), absolute and not `/`. */
function personHome(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME || os.homedir();
  return home && path.isAbsolute(home) && path.resolve(home) !== '/' ? [path.resolve(home)] : [];
}

function sluiceHome(env: NodeJS.ProcessEnv): string[] {
  const home = env.SLUICE_HOME?.trim();
  return home && path.isAbsolute(home) ? [path.resolve(home)] : [];
}

export interface WrapperLaunch {
  readonly root: string;
  readonly cwd: string;
  /** The private, empty HOME. */
  readonly home: string;
  /** Host folders hidden inside besides SLUICE_HOME and the person's home. */
  readonly hidden: readonly string[];
  /** Where SLUICE_HOME and the person's home are read. */
  readonly baseEnv: NodeJS.ProcessEnv;
  /** The program's whole environment. */
  readonly env: Record<string, string>;
  /** The seccomp program's descriptor, passed as fd 3. */
  readonly seccompFd: number | null;
  readonly readOnly: readonly string[];
  readonly writable: readonly string[];
  /** The cgroups' cgroup.procs files the wrapper joins. */
  readonly procs: readonly string[];
  readonly cpuSeconds: number;
  /** RLIMIT_DATA in KiB (0: the memory is held by a cgroup, or not at all). */
  readonly memoryKiB: number;
  readonly sandboxDetail: string;
  readonly argv: readonly string[];
}

/**
 * The descriptor bwrap writes the sandbox's first process id to (`--info-fd`): the one after
 * the seccomp program's. bwrap closes it on both sides, so nothing inside sees it.
 */
export function sandboxInfoFd(seccomp: boolean): number {
  return seccomp ? 4 : 3;
}

/** Spawns the wrapper in its own process group; throws when it cannot start. */
export function spawnWrapper(launch: WrapperLaunch): ChildProcessWithoutNullStreams {
  const seccomp = launch.seccompFd !== null;
  const infoFd = sandboxInfoFd(seccomp);
  const bwrap = bubblewrapSetupArgs({
    root: launch.root,
    readOnlyRoot: true,
    cwd: launch.cwd,
    home: launch.home,
    readOnlyInside: [],
    hidden: [...launch.hidden, ...sluiceHome(launch.baseEnv), ...personHome(launch.baseEnv)],
    network: false,
    env: launch.env,
    seccompFd: seccomp ? 3 : undefined,
    infoFd,
    // A read-only path that does not exist has nothing to show (bwrap would refuse to start).
    extraReadOnly: launch.readOnly.filter((p) => existsSync(p)),
    extraWritable: launch.writable,
  });
  return spawn(
    BASH,
    [
      ...BASH_FLAGS,
      OUTER_SCRIPT,
      'sluice-confine',
      String(launch.cpuSeconds),
      String(launch.memoryKiB),
      String(infoFd),
      String(launch.procs.length),
      ...launch.procs,
      launch.sandboxDetail,
      ...bwrap,
      ...launch.argv,
    ],
    {
      cwd: launch.root,
      env: { PATH: '/usr/bin:/bin' },
      stdio: (seccomp
        ? ['pipe', 'pipe', 'pipe', launch.seccompFd, 'pipe']
        : ['pipe', 'pipe', 'pipe', 'pipe']) as unknown as ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  ) as ChildProcessWithoutNullStreams;
}
