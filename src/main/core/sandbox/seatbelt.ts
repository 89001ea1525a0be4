// The macOS sandbox: Seatbelt through /usr/bin/sandbox-exec, called directly with a profile
// from seatbelt-profile.ts written to a file beside the command's private HOME and TMPDIR.
// Unlike bubblewrap there is no mount or PID namespace: paths are judged by the kernel on every
// access (symlinks resolved), and the process tree is only what the process group holds.
// The probe runs once per process: sandbox-exec must apply a profile at all, then Sluice's own
// profiles must compile, and a self-test must show them holding (a write in the project lands;
// writes to .git, through a hard link to it and outside, and reads of secrets, are refused).
// Anything less means "not sandboxed", so a mistake in the profile costs convenience (every
// command asks), not safety.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mergeWrapper, type SandboxAvailability } from './bubblewrap';
import { seatbeltProfile, type SeatbeltLayout } from './seatbelt-profile';
import { describeProbeEnd, PROBE_TIMEOUT_MS, type ProbeEnd } from './probe-end';
import { childStdio } from '../process/child-descriptors';

export const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

/** The per-command folder: `home/` (HOME), `tmp/` (TMPDIR) and the profile, removed after. */
export interface SeatbeltFolders {
  readonly base: string;
  readonly home: string;
  readonly tmp: string;
  readonly profile: string;
}

export function createSeatbeltFolders(parent: string = os.tmpdir()): SeatbeltFolders {
  const base = realpathSync(mkdtempSync(path.join(parent, 'sluice-cmd-')));
  const folders = {
    base,
    home: path.join(base, 'home'),
    tmp: path.join(base, 'tmp'),
    profile: path.join(base, 'profile.sb'),
  };
  mkdirSync(folders.home, { mode: 0o700 });
  mkdirSync(folders.tmp, { mode: 0o700 });
  return folders;
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** The person's home folders as the kernel spells them (passwd's and $HOME, when they differ). */
export function userHomes(baseEnv: NodeJS.ProcessEnv): string[] {
  const homes = new Set<string>();
  try {
    homes.add(realOr(os.userInfo().homedir));
  } catch {
    // no passwd entry
  }
  if (baseEnv.HOME && path.isAbsolute(baseEnv.HOME)) homes.add(realOr(baseEnv.HOME));
  return [...homes];
}

/** The per-user temp folder (/private/var/folders/xx/yyy/T) when that is what tmpdir is. */
export function userTempFolder(tmpdir: string = os.tmpdir()): string | null {
  const real = realOr(tmpdir).replace(/\/+$/u, '');
  return /^\/private\/var\/folders\/[^/]+\/[^/]+\/T$/u.test(real) ? real : null;
}

/** How many more processes of the person's a command may start (fork bombs). */
export const PROCESS_HEADROOM = 1024;

/**
 * macOS has no cgroups, but RLIMIT_NPROC caps the person's processes as counted at each fork:
 * set it, outside the sandbox, to their current count plus the headroom (`-u` in bash, `-p` in
 * dash, whichever /bin/sh is; soft and hard, so the command cannot raise it), then exec
 * sandbox-exec. Where the count or the limit fails (a hard limit lower than that), the
 * command runs without it and only the timeout bounds a fork bomb.
 */
export const PROCESS_CEILING = `n=$(PATH=/bin:/usr/bin; ps -x -o pid= 2>/dev/null | wc -l) && { ulimit -u $((n + ${PROCESS_HEADROOM})) || ulimit -p $((n + ${PROCESS_HEADROOM})); } 2>/dev/null; exec "$@"`;

export interface SeatbeltSpawn {
  readonly file: string;
  readonly args: string[];
  readonly env: Record<string, string>;
}

/**
 * The argv and environment for `/bin/sh -c command` (stderr merged into stdout unless
 * `stderrApart`) under
 * sandbox-exec, started through the process-ceiling wrapper. sandbox-exec keeps the
 * environment it is given, so this is the command's own: the filtered one, HOME and TMPDIR
 * private, and the proxy variables when only a proxy port is reachable.
 */
export function seatbeltSpawn(
  layout: SeatbeltLayout,
  profileFile: string,
  command: string,
  env: Readonly<Record<string, string>>,
  sandboxExec: string = SANDBOX_EXEC,
  stderrApart = false,
): SeatbeltSpawn {
  const own: Record<string, string> = { ...env, HOME: layout.home, TMPDIR: layout.tmp };
  if (!layout.network && layout.proxyPort !== undefined && layout.proxyPort !== null) {
    const url = `http://127.0.0.1:${layout.proxyPort}`;
    for (const key of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) own[key] = url;
  }
  return {
    file: '/bin/sh',
    args: [
      '-c',
      PROCESS_CEILING,
      'sh',
      sandboxExec,
      '-f',
      profileFile,
      '/bin/sh',
      '-c',
      mergeWrapper(stderrApart),
      'sh',
      command,
    ],
    env: own,
  };
}

/** Writes the profile for `layout` to the folder's file (0600) and returns its path. */
export function writeProfile(folders: SeatbeltFolders, layout: SeatbeltLayout): string {
  writeFileSync(folders.profile, seatbeltProfile(layout), { mode: 0o600 });
  return folders.profile;
}

export interface ProbeRun extends ProbeEnd {
  readonly stderr: string;
}

export interface SeatbeltProbeDeps {
  readonly exists: (file: string) => boolean;
  readonly run: (file: string, args: readonly string[]) => ProbeRun;
  /** Where the probe's folders go (default os.tmpdir()). */
  readonly tmpdir?: string;
}

const realDeps: SeatbeltProbeDeps = {
  exists: existsSync,
  run: (file, args) => {
    const r = spawnSync(file, args, {
      stdio: childStdio(['ignore', 'ignore', 'pipe']),
      timeout: PROBE_TIMEOUT_MS,
      env: { PATH: '/usr/bin:/bin' },
    });
    return {
      status: r.status,
      signal: r.signal,
      error: r.error,
      stderr: r.stderr?.toString().trim() ?? '',
    };
  },
};

/**
 * The self-test run under the network-off profile: $1 project, $2 outside, $3 a stand-in for
 * the person's home, $4 for the per-user temp folder, $5 for SLUICE_HOME. A hard link to
 * .git/config may be refused, but a write through it must never land.
 */
export const SELF_TEST = [
  ': > "$1/probe-ok"',
  '! (: > "$1/.git/probe") 2>/dev/null',
  '! (: > "$1/.GIT/HOOKS/probe") 2>/dev/null',
  '! (: > "$2/probe") 2>/dev/null',
  '! (cat "$3/.ssh/id_probe") >/dev/null 2>&1',
  '! (cat "$4/probe") >/dev/null 2>&1',
  '! (cat "$5/probe") >/dev/null 2>&1',
  '{ ! ln "$1/.git/config" "$1/probe-link" 2>/dev/null || ! (echo x >> "$1/probe-link") 2>/dev/null; }',
].join(' && ');

export const PROBE_PROJECT = 'pro"ject\\ (é) [x].*';

const FALLBACK_PROFILE = '(version 1)(allow default)(deny network*)';
const FILE_LINK_PROFILE =
  '(version 1)(allow default)(deny file-link (literal "/nonexistent/sluice"))';

let cached: SandboxAvailability | undefined;

function unavailable(detail: string): SandboxAvailability {
  return { available: false, detail };
}

function why(r: ProbeRun): string {
  return r.stderr || describeProbeEnd(r);
}

export function detectSeatbelt(
  platform: NodeJS.Platform = process.platform,
  deps?: SeatbeltProbeDeps,
): SandboxAvailability {
  if (platform !== 'darwin') return unavailable(`Seatbelt exists only on macOS, not ${platform}`);
  if (!deps && cached) return cached;
  const result = probe(deps ?? realDeps);
  if (!deps) cached = result;
  return result;
}

function probe(deps: SeatbeltProbeDeps): SandboxAvailability {
  if (!deps.exists(SANDBOX_EXEC))
    return unavailable(`Seatbelt's sandbox-exec is not available (${SANDBOX_EXEC} is missing)`);
  const basic = deps.run(SANDBOX_EXEC, ['-p', FALLBACK_PROFILE, '/usr/bin/true']);
  if (basic.status !== 0)
    return unavailable(`Seatbelt (sandbox-exec) cannot apply a profile here: ${why(basic)}`);
  const fileLinkRule =
    deps.run(SANDBOX_EXEC, ['-p', FILE_LINK_PROFILE, '/usr/bin/true']).status === 0;
  let folders: SeatbeltFolders | undefined;
  try {
    folders = createSeatbeltFolders(deps.tmpdir ?? os.tmpdir());
    // The project's name carries what escaping must survive: quotes, a backslash, regex
    // metacharacters and a non-ASCII letter.
    const root = path.join(folders.base, PROBE_PROJECT);
    const outside = path.join(folders.base, 'outside');
    const fakeHome = path.join(folders.base, 'person');
    const others = path.join(folders.base, 'others');
    const hidden = path.join(folders.base, 'sluice-home');
    for (const dir of [
      root,
      path.join(root, '.git', 'hooks'),
      outside,
      path.join(fakeHome, '.ssh'),
      others,
      hidden,
    ])
      mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(fakeHome, '.ssh', 'id_probe'), 'secret');
    for (const dir of [others, hidden]) writeFileSync(path.join(dir, 'probe'), 'secret');
    writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
    const layout = (network: boolean, proxyPort: number | null): SeatbeltLayout => ({
      root,
      tmp: folders!.tmp,
      home: folders!.home,
      userHomes: [fakeHome],
      hidden: [hidden],
      userTemp: others,
      network,
      proxyPort,
      fileLinkRule,
    });
    for (const [network, proxy] of [
      [true, null],
      [false, 9],
    ] as const) {
      const file = writeProfile(folders, layout(network, proxy));
      const r = deps.run(SANDBOX_EXEC, ['-f', file, '/usr/bin/true']);
      if (r.status !== 0) return unavailable(`Seatbelt rejected Sluice's profile: ${why(r)}`);
    }
    const file = writeProfile(folders, layout(false, null));
    const test = deps.run(SANDBOX_EXEC, [
      '-f',
      file,
      '/bin/sh',
      '-c',
      SELF_TEST,
      'sh',
      root,
      outside,
      fakeHome,
      others,
      hidden,
    ]);
    if (test.status !== 0 || !deps.exists(path.join(root, 'probe-ok')))
      return unavailable(
        `Seatbelt did not enforce Sluice's profile in a self-test here (${why(test)})`,
      );
    return { available: true, kind: 'seatbelt', detail: SANDBOX_EXEC, fileLinkRule };
  } catch (error) {
    return unavailable(
      `Seatbelt could not be probed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    if (folders) rmSync(folders.base, { recursive: true, force: true });
  }
}
