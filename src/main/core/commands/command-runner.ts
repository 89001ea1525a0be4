// Runs one approved command line: inside bubblewrap (Linux, bubblewrap.ts) or Seatbelt (macOS,
// seatbelt.ts) when the sandbox is available, otherwise directly (the approval said "not
// sandboxed" and no rule applied). It sees a filtered environment: never the API key or secrets.
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bubblewrapArgs, mergeWrapper, type SandboxAvailability } from '../sandbox/bubblewrap';
import { runProcess, type ProcessResult } from './command-process';
import { RUN_MARKER, sweepMarked, type SweepDeps } from './marked-processes';
import { OutputCapture, type OutputLimits } from './output-capture';
import { findProtectedPaths } from '../sandbox/protected-mounts';
import { isInsideRoot } from '../workspace/resolve-inside-root';
import type { HostPattern } from '../../../shared/network-hosts';
import {
  startNetworkProxy,
  type HostLookup,
  type NetworkProxy,
  type RefusedRequest,
} from '../sandbox/network-proxy';
import { proxyEnv } from '../sandbox/proxy-bridge';
import { openUnixSocketFilter } from '../sandbox/unix-socket-filter';
import { sweepCommandTempsOnce } from './command-temp';
import {
  createSeatbeltFolders,
  PROCESS_HEADROOM,
  seatbeltSpawn,
  userHomes,
  userTempFolder,
  writeProfile,
} from '../sandbox/seatbelt';
import { SeatbeltPathError, type SeatbeltLayout } from '../sandbox/seatbelt-profile';
import { copyMountSpawn, type CopyMount } from '../sandbox/copy-mount';
import { commandEnv } from './command-env';
import { ceilingNotes, removeCreatedProtected } from './command-run-notes';

export { commandEnv } from './command-env';

export interface CommandRunOptions {
  readonly command: string;
  /** Realpath of the project root. */
  readonly root: string;
  /** Absolute working folder inside the root. */
  readonly cwd: string;
  readonly timeoutMs: number;
  readonly network: boolean;
  /**
   * Hosts a sandboxed command without `network` may reach through the filtering proxy (from
   * the project's network rules); empty or absent: no network at all.
   */
  readonly allowedHosts?: readonly HostPattern[];
  /** Node binary that runs the proxy bridge inside the sandbox (default process.execPath). */
  readonly nodePath?: string;
  /** The proxy's name resolution (default the system's); tests inject their own. */
  readonly lookup?: HostLookup;
  /** Where the proxy's private folder is made (default the OS temp folder). */
  readonly proxyParentDir?: string;
  readonly sandbox: SandboxAvailability;
  readonly signal: AbortSignal;
  /** Host folders to hide inside the sandbox (SLUICE_HOME). */
  readonly hidden?: readonly string[];
  readonly logPath?: string | null;
  readonly maxOutputBytes?: number;
  readonly outputLimits?: OutputLimits;
  readonly maxProcesses?: number;
  /** Memory ceiling in bytes (default half the machine's); 0 = none. memoryCgroup false: held by the watchdog alone (tests). */
  readonly maxMemoryBytes?: number;
  readonly memoryCgroup?: boolean;
  readonly killGraceMs?: number;
  readonly onChunk?: (chunk: Buffer) => void;
  /** The environment to filter (default process.env). */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Default process.platform; on Windows commands run through cmd.exe (never sandboxed). */
  readonly platform?: NodeJS.Platform;
  /** Seatbelt: where the per-command folder is made (default os.tmpdir()). */
  readonly tmpdir?: string;
  /** Seatbelt: how left-behind processes are listed and killed (default `ps -E`, SIGKILL). */
  readonly processSweep?: SweepDeps;
  /**
   * A background run's private copy (bubblewrap only): the command sees the project through
   * an overlay whose upper layer is the run's folder, so its writes never reach the project.
   */
  readonly copy?: CopyMount | undefined;
  /**
   * Absolute paths bound read-write though protected (bubblewrap only): the repository's git
   * folders for a commit or merge the person started, whose hooks run confined.
   */
  readonly writable?: readonly string[];
  /** Absolute paths shown read-only after those (bubblewrap only; each must exist). */
  readonly readOnly?: readonly string[];
  /** Written to the command's stdin, then closed (absent: stdin is empty). */
  readonly input?: string;
  /** stderr kept apart, each chunk here (a hook's reason); absent: merged into the output. */
  readonly onStderr?: (chunk: Buffer) => void;
}

export interface CommandRun extends ProcessResult {
  readonly sandboxed: boolean;
  /** Notes on the sandbox for the result (an incomplete protected-path scan, no process ceiling). */
  readonly notes: string[];
  /** What the filtering proxy did, when the command ran with a host list. */
  readonly proxy?: {
    readonly allowedCount: number;
    /** host:port reached through the proxy, with the number of requests each. */
    readonly reached: ReadonlyMap<string, number>;
    readonly refusedCount: number;
    readonly refused: readonly RefusedRequest[];
  };
}

export const DEFAULT_MAX_OUTPUT_BYTES = 256 * 1024 * 1024;
export const DEFAULT_MAX_PROCESSES = 1024;

/** Half of the machine's memory: a runaway command (or tmpfs filler) leaves the rest alone. */
export function defaultMaxMemoryBytes(): number {
  return Math.floor(os.totalmem() / 2);
}

/** How the unsandboxed shell starts: `/bin/sh -c` (stderr merged unless apart), or cmd.exe. */
export function shellSpawn(
  command: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string>>,
  stderrApart = false,
): { file: string; args: string[]; windows: boolean } {
  if (platform === 'win32') {
    const comspec = Object.entries(env).find(([k]) => k.toUpperCase() === 'COMSPEC')?.[1];
    // /d: no AutoRun; /s /c "…": cmd.exe keeps the line between the outer quotes as typed.
    // stderr stays a second pipe (a `2>&1` would bind to the last command of a chain only).
    return {
      file: comspec ?? 'cmd.exe',
      args: ['/d', '/s', '/c', `"${command}"`],
      windows: true,
    };
  }
  return {
    file: '/bin/sh',
    args: ['-c', mergeWrapper(stderrApart), 'sh', command],
    windows: false,
  };
}

/** What every way of running the command gives runProcess: limits, listeners, input, log. */
function processCommon(options: CommandRunOptions): Common {
  return {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    maxProcesses: options.maxProcesses ?? DEFAULT_MAX_PROCESSES,
    maxMemoryBytes: options.maxMemoryBytes ?? defaultMaxMemoryBytes(),
    memoryCgroup: options.memoryCgroup,
    ...(options.outputLimits ? { outputLimits: options.outputLimits } : {}),
    ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
    ...(options.onChunk ? { onChunk: options.onChunk } : {}),
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.onStderr ? { onStderr: options.onStderr } : {}),
    logPath: options.logPath ?? null,
  };
}

export async function runCommand(options: CommandRunOptions): Promise<CommandRun> {
  const platform = options.platform ?? process.platform;
  const env = commandEnv(options.baseEnv ?? process.env, platform);
  const notes: string[] = [];
  const common = processCommon(options);
  const stderrApart = options.onStderr !== undefined;
  if (!options.sandbox.available) {
    const home = (options.baseEnv ?? process.env).HOME;
    const shell = shellSpawn(options.command, platform, env, stderrApart);
    const result = await runProcess({
      ...common,
      file: shell.file,
      args: shell.args,
      windows: shell.windows,
      ...(shell.windows ? { maxProcesses: 0, maxMemoryBytes: 0 } : {}),
      cwd: options.cwd,
      env: { ...env, ...(home ? { HOME: home } : {}) },
    });
    if (!shell.windows) notes.push(...ceilingNotes(result));
    return { ...result, sandboxed: false, notes };
  }
  if (options.copy && options.sandbox.kind === 'seatbelt')
    throw new Error('a private copy needs bubblewrap; it cannot be used under Seatbelt');
  sweepCommandTempsOnce();
  if (options.sandbox.kind === 'seatbelt') return runInSeatbelt(options, env, common, notes);
  const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-cmd-home-'));
  let proxy: NetworkProxy | null = null;
  let seccomp: { dir: string; fd: number } | null = null;
  try {
    proxy = await startHostListProxy(options, false);
    // Full network: abstract sockets of the host's namespace. Without: pathname sockets on
    // the read-only root outside the masked folders (a database's, LXD's under /var), which
    // connect() reaches through a read-only bind. Either way no AF_UNIX
    // socket may be made; the host-list bridge hands its connections over IPC instead. Only
    // a command with a network (full, or the host list's proxy on the namespace's loopback)
    // may make Internet sockets; no other family ever.
    seccomp = openUnixSocketFilter({ families: options.network || proxy ? 'internet' : 'none' });
    if (!seccomp)
      notes.push(
        options.network
          ? `no Unix-socket filter exists for ${process.arch}: with full network this command could reach the host's abstract Unix sockets (an X server, D-Bus)`
          : `no Unix-socket filter exists for ${process.arch}: this command could connect to Unix sockets on the disk outside the project (a database's, a daemon's)`,
      );
    const channelFd = 3 + (seccomp ? 1 : 0);
    const infoFd = channelFd + (proxy ? 1 : 0);
    const writable = options.writable ?? [];
    const found = findProtectedPaths(options.root);
    const scan = {
      ...found,
      paths: found.paths.filter((p) => !writable.some((w) => isInsideRoot(w, p))),
    };
    if (scan.incomplete)
      notes.push(
        'the project is too large to find every nested protected path; those found (and all at the top) were kept read-only',
      );
    const args = bubblewrapArgs(
      {
        root: options.root,
        source: options.copy?.merged,
        identity:
          options.copy && process.getuid && process.getgid
            ? { uid: process.getuid(), gid: process.getgid() }
            : undefined,
        cwd: options.cwd,
        home,
        readOnlyInside: scan.paths,
        // The person's home is hidden wherever it is (/home and /root are masked anyway).
        hidden: [...(options.hidden ?? []), ...personHome(options.baseEnv ?? process.env)],
        network: options.network,
        env: proxy ? { ...env, ...proxyEnv(options.allowedHosts ?? []) } : env,
        proxy: proxy
          ? { dir: proxy.dir, node: options.nodePath ?? process.execPath, channelFd }
          : undefined,
        seccompFd: seccomp ? 3 : undefined,
        infoFd,
        extraWritable: writable.filter((w) => !isInsideRoot(options.root, w)),
        extraReadOnly: options.readOnly ?? [],
      },
      options.command,
      stderrApart,
    );
    const spawn = options.copy
      ? copyMountSpawn(options.copy, options.sandbox.detail, args)
      : { file: options.sandbox.detail, args };
    const result = await runProcess({
      ...common,
      file: spawn.file,
      args: spawn.args,
      // The copy's root exists only inside the command's namespace; start from the project.
      cwd: options.copy ? options.root : options.cwd,
      env: { PATH: env.PATH ?? '/usr/bin:/bin' },
      ...(seccomp ? { extraFds: [seccomp.fd] } : {}),
      ...(proxy ? { onHandle: proxy.accept } : {}),
      sandboxInfoFd: infoFd,
    });
    // In a copy, every protected path in the run's layer was created by the command (those of
    // the project are bound read-only from the merged view).
    notes.push(
      ...(options.copy
        ? removeCreatedProtected(options.copy.upper, [])
        : removeCreatedProtected(options.root, found.paths)),
    );
    notes.push(...ceilingNotes(result));
    return { ...result, sandboxed: true, notes, ...proxyReport(proxy) };
  } finally {
    await proxy?.close();
    rmSync(home, { recursive: true, force: true });
    if (seccomp) {
      closeSync(seccomp.fd);
      rmSync(seccomp.dir, { recursive: true, force: true });
    }
  }
}

/** The person's home folder (HOME, else the passwd entry), absolute and not `/`. */
function personHome(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME || os.homedir();
  return home && path.isAbsolute(home) && path.resolve(home) !== '/' ? [path.resolve(home)] : [];
}

type Common = Omit<Parameters<typeof runProcess>[0], 'file' | 'args' | 'cwd' | 'env'>;

/**
 * macOS: the command runs under sandbox-exec with a profile made for this run. No PID
 * namespace and no cgroup exist there: the process group is the tree that is killed.
 */
async function runInSeatbelt(
  options: CommandRunOptions,
  env: Record<string, string>,
  common: Common,
  notes: string[],
): Promise<CommandRun> {
  const baseEnv = options.baseEnv ?? process.env;
  // A host list: the proxy listens on one loopback port, the only one the profile lets the
  // command reach (no network namespace here, so no bridge). Fails closed like bubblewrap's.
  const proxy = await startHostListProxy(options, true);
  const folders = createSeatbeltFolders(options.tmpdir ?? os.tmpdir());
  try {
    const layout: SeatbeltLayout = {
      root: options.root,
      tmp: folders.tmp,
      home: folders.home,
      userHomes: userHomes(baseEnv),
      hidden: options.hidden ?? [],
      userTemp: userTempFolder(options.tmpdir ?? os.tmpdir()),
      network: options.network,
      proxyPort: proxy?.tcpPort ?? null,
      fileLinkRule: options.sandbox.fileLinkRule === true,
    };
    let profile: string;
    try {
      profile = writeProfile(folders, layout);
    } catch (error) {
      if (!(error instanceof SeatbeltPathError)) throw error;
      return {
        end: { kind: 'spawn_failed', message: `nothing ran: ${error.message}` },
        durationMs: 0,
        output: new OutputCapture(options.outputLimits, null).finish(),
        processLimit: false,
        memoryLimitBytes: null,
        memoryExceeded: false,
        sandboxed: true,
        notes,
      };
    }
    const runId = randomUUID();
    const spawn = seatbeltSpawn(
      layout,
      profile,
      options.command,
      {
        ...env,
        ...(proxy?.tcpPort ? proxyEnv(options.allowedHosts ?? [], proxy.tcpPort) : {}),
        [RUN_MARKER]: runId,
      },
      options.sandbox.detail,
      options.onStderr !== undefined,
    );
    const result = await runProcess({
      ...common,
      maxProcesses: 0,
      maxMemoryBytes: 0,
      file: spawn.file,
      args: spawn.args,
      cwd: options.cwd,
      env: spawn.env,
    });
    const left = sweepMarked(runId, options.processSweep);
    if (left)
      notes.push(
        `${left} process(es) the command left running in the background were killed when it ended`,
      );
    notes.push(
      `macOS has no PID namespace: the process group is killed at the end; at most about ${PROCESS_HEADROOM} more of your processes may run at once (ulimit -u, where it could be set)`,
    );
    return { ...result, sandboxed: true, notes, ...proxyReport(proxy) };
  } finally {
    await proxy?.close();
    rmSync(folders.base, { recursive: true, force: true });
  }
}

/** Starts the host-list filter when the command has no full network but a host list. */
async function startHostListProxy(
  options: CommandRunOptions,
  loopbackTcp: boolean,
): Promise<NetworkProxy | null> {
  if (options.network || !options.allowedHosts?.length) return null;
  try {
    return await startNetworkProxy({
      allowed: options.allowedHosts,
      ...(options.lookup ? { lookup: options.lookup } : {}),
      ...(options.proxyParentDir ? { parentDir: options.proxyParentDir } : {}),
      loopbackTcp,
    });
  } catch (error) {
    // Fail closed: without the filter the command does not run (it never gets more network).
    throw new Error(
      `the network filter for the allowed hosts could not start (${error instanceof Error ? error.message : String(error)}); the command was not run`,
      { cause: error },
    );
  }
}

/** What went through the filter and what it refused, for the tool result. */
function proxyReport(proxy: NetworkProxy | null): Pick<CommandRun, 'proxy'> {
  return proxy
    ? {
        proxy: {
          allowedCount: proxy.allowedCount,
          reached: new Map(proxy.reached),
          refusedCount: proxy.refusedCount,
          refused: [...proxy.refused],
        },
      }
    : {};
}
