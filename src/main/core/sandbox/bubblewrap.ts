// The Linux sandbox: bubblewrap called directly (see docs/ARCHITECTURE.md, "run_command"). The
// whole file system is mounted read-only, the project root writable, /tmp private, HOME an
// empty private folder, /root and /home hidden, secrets such as /etc/shadow masked, protected
// paths inside the root re-bound read-only, the network unshared unless allowed, a new PID
// namespace (so every process dies with the sandbox's init) and a new session (no TIOCSTI).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import {
  BRIDGE_SOURCE,
  BRIDGE_WRAPPER,
  BRIDGE_WRAPPER_STDERR_APART,
  PROXY_DIR_INSIDE,
  PROXY_PORT,
  READY_FILE,
} from './proxy-bridge';
import { SOCKET_NAME } from './network-proxy';
import { describeProbeEnd, PROBE_TIMEOUT_MS, type ProbeEnd } from './probe-end';
import { childStdio } from '../process/child-descriptors';
import { sharedDependencyMounts } from '../workspace/shared-dependencies';

export interface SandboxLayout {
  /** Realpath of the project root: the only writable host folder. */
  readonly root: string;
  /**
   * The host folder bound at `root` when it is not the root itself: a background run's
   * overlay (its private copy, mounted in the command's own namespace). Protected paths and
   * their ancestors are bound from the same folder, so nothing of the real project is
   * writable inside.
   */
  readonly source?: string | undefined;
  /**
   * Inside a copy's user namespace (where the person is uid 0): a nested user namespace maps
   * the command back to the person's own uid and gid, so tools that look for root do not.
   */
  readonly identity?: { readonly uid: number; readonly gid: number } | undefined;
  /** Working folder inside the root. */
  readonly cwd: string;
  /** Empty private folder used as HOME (created by the caller, outside the root). */
  readonly home: string;
  /** Absolute paths inside the root to keep read-only (protected paths that exist). */
  readonly readOnlyInside: readonly string[];
  /** Host folders to hide entirely (SLUICE_HOME, …) when they are not inside the root. */
  readonly hidden: readonly string[];
  readonly network: boolean;
  readonly env: Readonly<Record<string, string>>;
  /**
   * Host-list network (only when `network` is false): the proxy's private folder, bound
   * read-only at PROXY_DIR_INSIDE, and the node binary that runs the bridge inside.
   */
  readonly proxy?:
    | {
        readonly dir: string;
        readonly node: string;
        /** The IPC descriptor the bridge hands its connections over (proxy-bridge.ts). */
        readonly channelFd: number;
      }
    | undefined;
  /** An open descriptor (in bwrap's process) of a seccomp program to load (unix-socket-filter.ts). */
  readonly seccompFd?: number | undefined;
  /**
   * Where bwrap writes the sandbox's first process id (`--info-fd`), before that process can
   * leave the caller's process group: killing it ends every process in the sandbox.
   */
  readonly infoFd?: number | undefined;
  /**
   * The project bound read-only (a confined checker, confined-process.ts): nothing inside may
   * change a project byte. Protected paths need no re-binding then.
   */
  readonly readOnlyRoot?: boolean;
  /** Host paths shown read-only at their own path after the masks (a toolchain under a hidden folder). */
  readonly extraReadOnly?: readonly string[];
  /** Sluice-made private folders bound read-write at their own path (a checker's cache). */
  readonly extraWritable?: readonly string[];
}

/** Host files whose contents must never be visible inside, even to root. */
export const MASKED_FILES = ['/etc/shadow', '/etc/gshadow', '/etc/sudoers'] as const;
/**
 * Host folders replaced by an empty tmpfs inside. `/run` holds the sockets of root-equivalent
 * daemons (docker, containerd, systemd, D-Bus): a read-only bind does not stop connect() on a
 * socket, so the whole folder is hidden, and only DNS configuration comes back with network.
 */
export const MASKED_DIRS = ['/root', '/home', '/tmp', '/var/tmp', '/run', '/dev/shm'] as const;
/** Re-bound read-only when the command has network, so names still resolve. */
const RESOLVER_DIRS = ['/run/systemd/resolve', '/run/resolvconf', '/run/NetworkManager'] as const;

/** MASKED_FILES that exist, plus the SSH host keys (readable to a Sluice running as root). */
function maskedFiles(): string[] {
  const files: string[] = MASKED_FILES.filter((file) => existsSync(file));
  try {
    for (const name of readdirSync('/etc/ssh'))
      if (/^ssh_host_.*_key$/u.test(name)) files.push(path.join('/etc/ssh', name));
  } catch {
    // no /etc/ssh
  }
  return files;
}

/** Resolver folders under /run to show again when the command has network. */
function resolverDirs(): string[] {
  const dirs = new Set<string>(RESOLVER_DIRS.filter((dir) => existsSync(dir)));
  try {
    const target = realpathSync('/etc/resolv.conf');
    if (target.startsWith('/run/')) dirs.add(path.dirname(target));
  } catch {
    // no resolv.conf: nothing to show
  }
  return [...dirs];
}

/**
 * The folders strictly between `root` and each nested protected path, outermost first (a
 * parent's mount must exist before its children are bound).
 */
export function protectedAncestors(root: string, paths: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const inside of paths) {
    const rel = path.relative(root, inside);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const parts = rel.split(path.sep);
    for (let i = 1; i < parts.length; i += 1) dirs.add(path.join(root, ...parts.slice(0, i)));
  }
  return [...dirs].sort((a, b) => a.split(path.sep).length - b.split(path.sep).length);
}

function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * bwrap's argv (without the program) for `/bin/sh -c command`, stderr merged into stdout unless
 * `stderrApart` (a hook, whose stdout is its answer).
 */
export function bubblewrapArgs(
  layout: SandboxLayout,
  command: string,
  stderrApart = false,
): string[] {
  const args = bubblewrapSetupArgs(layout);
  const proxy = layout.network ? undefined : layout.proxy;
  if (proxy) {
    const wrapper = stderrApart ? BRIDGE_WRAPPER_STDERR_APART : BRIDGE_WRAPPER;
    args.push('/bin/sh', '-c', wrapper, 'sh', command, proxy.node, BRIDGE_SOURCE);
    args.push(String(PROXY_PORT), path.posix.join(PROXY_DIR_INSIDE, SOCKET_NAME), READY_FILE);
    args.push(String(proxy.channelFd));
    return args;
  }
  args.push('/bin/sh', '-c', mergeWrapper(stderrApart), 'sh', command);
  return args;
}

/** The inner shell that runs the command line, with stderr merged or kept apart. */
export function mergeWrapper(stderrApart: boolean): string {
  return stderrApart ? 'exec /bin/sh -c "$1"' : 'exec /bin/sh -c "$1" 2>&1';
}

/**
 * bwrap's options up to the program: mounts, namespaces, capabilities, the seccomp program,
 * the environment and the working folder. The caller appends the program and its arguments.
 */
export function bubblewrapSetupArgs(layout: SandboxLayout): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  for (const dir of MASKED_DIRS) if (existsSync(dir)) args.push('--tmpfs', dir);
  for (const file of maskedFiles()) args.push('--ro-bind', '/dev/null', file);
  if (layout.network) for (const dir of resolverDirs()) args.push('--ro-bind', dir, dir);
  // A hidden folder that holds the project (a home outside /home) is emptied too: the root is
  // bound back into it below, like a project under /home.
  for (const dir of layout.hidden) {
    if (existsSync(dir) && !isInside(layout.root, dir)) args.push('--tmpfs', dir);
  }
  args.push('--bind', layout.home, layout.home);
  const source = layout.source ?? layout.root;
  const from = (inside: string): string =>
    source === layout.root ? inside : path.join(source, path.relative(layout.root, inside));
  args.push(layout.readOnlyRoot ? '--ro-bind' : '--bind', source, layout.root);
  // Folders between the root and a nested protected path are bound onto themselves (still
  // writable): a mount point cannot be renamed or removed, so `mv sub sub2; mkdir -p sub/.git`
  // cannot carry the read-only original away and put a writable one in its place.
  for (const dir of protectedAncestors(layout.root, layout.readOnlyInside))
    args.push('--bind', from(dir), dir);
  for (const inside of layout.readOnlyInside) args.push('--ro-bind', from(inside), inside);
  const proxy = layout.network ? undefined : layout.proxy;
  if (proxy) {
    args.push('--ro-bind', proxy.dir, PROXY_DIR_INSIDE);
    // The node binary may live under a hidden folder (~/.nvm, an AppImage under /tmp).
    const nodeDir = path.dirname(proxy.node);
    if ([...MASKED_DIRS, ...layout.hidden].some((dir) => isInside(dir, nodeDir)))
      args.push('--ro-bind', nodeDir, nodeDir);
  }
  // Writable first: a read-only path may lie inside a writable one (a repository's config
  // inside the git folder a confined commit writes).
  for (const dir of layout.extraWritable ?? []) args.push('--bind', dir, dir);
  for (const dir of layout.extraReadOnly ?? []) args.push('--ro-bind', dir, dir);
  // A Sluice worktree's shared dependencies: the main tree's folders, read-only, at their path.
  for (const dir of sharedDependencyMounts(layout.root)) args.push('--ro-bind', dir, dir);
  // Mounted over the fresh /proc after it: sysctls are global (kernel.core_pattern runs a
  // program as host root) and uid 0 inside may write them. bwrap covers these itself only
  // when it finds them writable at setup; bind the host's read-only whatever it found.
  args.push('--ro-bind', '/proc/sys', '/proc/sys');
  args.push('--ro-bind-try', '/proc/sysrq-trigger', '/proc/sysrq-trigger');
  if (!layout.network) args.push('--unshare-net');
  args.push(
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--die-with-parent',
    '--new-session',
  );
  if (layout.identity)
    args.push(
      '--unshare-user',
      '--uid',
      String(layout.identity.uid),
      '--gid',
      String(layout.identity.gid),
    );
  args.push(
    // bwrap started by root keeps every capability in the sandbox: CAP_SYS_ADMIN would let the
    // command `mount --bind / /mnt` under the masks and remount it read-write. Drop them all.
    '--cap-drop',
    'ALL',
  );
  if (layout.seccompFd !== undefined) args.push('--seccomp', String(layout.seccompFd));
  if (layout.infoFd !== undefined) args.push('--info-fd', String(layout.infoFd));
  args.push('--clearenv');
  for (const [key, value] of Object.entries(layout.env)) args.push('--setenv', key, value);
  args.push('--setenv', 'HOME', layout.home, '--setenv', 'TMPDIR', '/tmp');
  args.push('--chdir', layout.cwd);
  return args;
}

/** `container`: a background run's container runner, never this machine's commands. */
export type SandboxKind = 'bubblewrap' | 'seatbelt' | 'container';

export interface SandboxAvailability {
  readonly available: boolean;
  /**
   * Path of bwrap or sandbox-exec when available; otherwise why not, in words for the
   * approval card.
   */
  readonly detail: string;
  /** Which sandbox, when available (absent: bubblewrap, as before Seatbelt existed). */
  readonly kind?: SandboxKind;
  /** Seatbelt only: whether its `file-link` operation exists here (probed). */
  readonly fileLinkRule?: boolean;
}

let cached: SandboxAvailability | undefined;

/** Why the namespace probe failed: bwrap's own message, else how the probe ended. */
export function bubblewrapProbeDetail(
  probe: ProbeEnd & { stderr?: Buffer | string | null },
): string {
  const said = probe.stderr?.toString().trim();
  return `bubblewrap cannot create its namespaces here: ${said || describeProbeEnd(probe)}`;
}

/**
 * Whether bwrap exists and can make the namespaces we need here (user namespaces may be
 * disabled, or a container may forbid them). Probed once per process with a real run.
 */
export function detectBubblewrap(
  platform: NodeJS.Platform = process.platform,
  candidates: readonly string[] = ['/usr/bin/bwrap', '/bin/bwrap', '/usr/local/bin/bwrap'],
): SandboxAvailability {
  if (platform !== 'linux')
    return { available: false, detail: `no sandbox is implemented for ${platform}` };
  if (cached && candidates.length === 3) return cached;
  const found = candidates.find((c) => existsSync(c));
  let result: SandboxAvailability;
  if (!found) {
    result = { available: false, detail: 'bubblewrap (bwrap) is not installed' };
  } else {
    const probe = spawnSync(
      found,
      [
        '--ro-bind',
        '/',
        '/',
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        '--unshare-net',
        '--unshare-pid',
        '--die-with-parent',
        '--new-session',
        '/bin/true',
      ],
      { stdio: childStdio(['ignore', 'ignore', 'pipe']), timeout: PROBE_TIMEOUT_MS },
    );
    result =
      probe.status === 0
        ? { available: true, kind: 'bubblewrap', detail: found }
        : { available: false, detail: bubblewrapProbeDetail(probe) };
  }
  if (candidates.length === 3) cached = result;
  return result;
}
