// How a command of a background run sees its private copy. bwrap 0.8 has no
// `--overlay`, so the command is started as
//   unshare -Urm sh -c 'mount -t overlay … merged && exec bwrap …'
// a fresh user + mount namespace (unprivileged: the kernel allows overlayfs there since 5.11)
// where the project is the lower layer and the run's folder the upper one, then bwrap binds
// `merged` where the project is. The mount belongs to that namespace alone (propagation is
// private), and a namespace dies with its last process: when the command ends, is killed, or
// Sluice itself is killed (bwrap's --die-with-parent), nothing stays mounted anywhere.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { layerPathProblem, type RunCopy } from './run-copy';
import { childStdio } from '../process/child-descriptors';

/** The copy as a command needs it: the project is the overlay's lower layer. */
export interface CopyMount {
  readonly lower: string;
  readonly upper: string;
  readonly work: string;
  readonly merged: string;
}

export function copyMountOf(root: string, copy: RunCopy): CopyMount {
  return { lower: root, upper: copy.upper, work: copy.work, merged: copy.merged };
}

/** Exit status of the wrapper when the overlay could not be mounted (nothing ran). */
export const MOUNT_FAILED_EXIT = 125;

const MOUNT_SCRIPT = [
  'mount -t overlay overlay -o "lowerdir=$1,upperdir=$2,workdir=$3,userxattr" "$4" || {',
  '  echo "sluice: the private copy could not be mounted; nothing ran" >&2; exit 125; }',
  'shift 4',
  'exec "$@"',
].join('\n');

const UNSHARE = ['/usr/bin/unshare', '/bin/unshare'];

function unshareBinary(): string | null {
  return UNSHARE.find((c) => existsSync(c)) ?? null;
}

/** The program and argv that mount the copy, then exec `file args` (bwrap) on top of it. */
export function copyMountSpawn(
  mount: CopyMount,
  file: string,
  args: readonly string[],
): { file: string; args: string[] } {
  const unshare = unshareBinary();
  if (!unshare) throw new Error('unshare (util-linux) is not installed');
  return {
    file: unshare,
    args: [
      '--user',
      '--map-root-user',
      '--mount',
      '/bin/sh',
      '-c',
      MOUNT_SCRIPT,
      'sh',
      mount.lower,
      mount.upper,
      mount.work,
      mount.merged,
      file,
      ...args,
    ],
  };
}

export interface CopySupport {
  readonly available: boolean;
  /** Why not, in words, when unavailable. */
  readonly detail: string;
}

let cached: CopySupport | undefined;

/**
 * Whether this machine can mount a run's copy: probed once per process with a real overlay
 * in a user namespace (a file written through the mount must land in the upper folder only).
 */
export function detectCopySupport(platform: NodeJS.Platform = process.platform): CopySupport {
  if (platform !== 'linux')
    return { available: false, detail: `background runs cannot run commands on ${platform} yet` };
  if (cached) return cached;
  const unshare = unshareBinary();
  if (!unshare) {
    cached = { available: false, detail: 'unshare (util-linux) is not installed' };
    return cached;
  }
  const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-copy-probe-'));
  try {
    const dirs = ['lower', 'upper', 'work', 'merged'].map((d) => path.join(base, d));
    for (const dir of dirs) mkdirSync(dir);
    const [lower, upper, work, merged] = dirs as [string, string, string, string];
    writeFileSync(path.join(lower, 'f'), 'lower');
    const spawn = copyMountSpawn({ lower, upper, work, merged }, '/bin/sh', [
      '-c',
      'echo upper > "$0/f"',
      merged,
    ]);
    const probe = spawnSync(spawn.file, spawn.args, {
      stdio: childStdio(['ignore', 'ignore', 'pipe']),
      timeout: 10_000,
    });
    const landed =
      probe.status === 0 &&
      readFileSync(path.join(lower, 'f'), 'utf8') === 'lower' &&
      readFileSync(path.join(upper, 'f'), 'utf8').trim() === 'upper';
    cached = landed
      ? { available: true, detail: 'overlayfs in a user namespace' }
      : {
          available: false,
          detail: `an overlay cannot be mounted in a user namespace here (${probe.stderr?.toString().trim() || `exit ${String(probe.status)}`})`,
        };
  } catch (error) {
    cached = {
      available: false,
      detail: `the overlay probe failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return cached;
}

/** Why a command cannot run in this copy (paths an overlay cannot name), or null. */
export function copyMountProblem(mount: CopyMount): string | null {
  for (const folder of [mount.lower, mount.upper, mount.work, mount.merged]) {
    const problem = layerPathProblem(folder);
    if (problem) return problem;
  }
  return null;
}

/**
 * A fresh private copy's folders under `copiesDir` (never inside the project): the project as
 * the lower layer, and an upper, work and merged folder of its own, each readable only by us.
 */
export function makeOverlayCopy(
  copiesDir: string,
  root: string,
  prefix: string,
): { readonly base: string; readonly mount: CopyMount } {
  mkdirSync(copiesDir, { recursive: true, mode: 0o700 });
  const base = mkdtempSync(path.join(copiesDir, prefix));
  const mount = {
    lower: root,
    upper: path.join(base, 'upper'),
    work: path.join(base, 'work'),
    merged: path.join(base, 'merged'),
  };
  for (const dir of [mount.upper, mount.work, mount.merged]) mkdirSync(dir, { mode: 0o700 });
  return { base, mount };
}

/** Removes a copy made by makeOverlayCopy, whatever the overlay left behind. */
export function removeOverlayCopy(base: string): void {
  try {
    // overlayfs leaves work/work with mode 000.
    chmodSync(path.join(base, 'work', 'work'), 0o700);
  } catch {
    // Not made: nothing to open.
  }
  rmSync(base, { recursive: true, force: true });
}
