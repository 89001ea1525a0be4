// The small bash program before bwrap (confined-process.ts): join the ceilings' cgroups, set
// the rlimits (CPU time always, memory when no cgroup could hold it), close every inherited
// descriptor but 0-2 (and the seccomp program's and the sandbox-info one, which bwrap
// closes), exec bwrap.
// tests/main/core/confinement proves only 0-2 are open inside.
// bash, not sh: dash cannot name a descriptor above 9 in a redirection (`exec 200>&-` is
// "not found"), and a launcher may leave any number open; Node passes them all on.
import { existsSync } from 'node:fs';

export const BASH = '/bin/bash';
/**
 * No startup file: Node's stdio pipes are socketpairs, and Debian's bash sources ~/.bashrc
 * when its stdin is a socket (it takes itself for an ssh session).
 */
export const BASH_FLAGS = ['--norc', '--noprofile', '-c'] as const;

/** Exit status of a wrapper that could not set a ceiling or join a group: nothing ran. */
export const WRAPPER_FAILED_STATUS = 125;

/** Whether the wrappers can run here. */
export function wrapperAvailable(): boolean {
  return existsSync(BASH);
}

/** Closes every descriptor above `$keep` (listed from /proc/self/fd, any number). */
const CLOSE_FDS =
  'for f in /proc/self/fd/*; do n=${f##*/}; ' +
  'if [ "$n" -gt "$keep" ] 2>/dev/null; then eval "exec $n>&-"; fi; done; ';

/**
 * argv: cpu seconds (0 none), memory KiB for RLIMIT_DATA (0 none), keep, n, n cgroup.procs
 * files, then bwrap, its arguments and the program. Joins the groups before bwrap forks, so
 * everything in the sandbox is counted; sets the rlimits, which bwrap and everything it starts
 * inherit (bwrap itself uses next to no CPU or memory); closes every descriptor above `keep`
 * (bwrap closes the seccomp program's own descriptor once it has read it).
 * The CPU hard limit is one second past the soft one, so the program first gets SIGXCPU (its
 * exit says why) and SIGKILL only if it ignores that.
 * RLIMIT_DATA, not RLIMIT_AS: Node and Go reserve gigabytes of address space they never
 * touch, so an address-space ceiling stops them at start; the data limit counts what they
 * make writable.
 */
export const OUTER_SCRIPT =
  'cpu=$1; mem=$2; keep=$3; n=$4; shift 4; while [ "$n" -gt 0 ]; do ' +
  `echo $$ > "$1" || exit ${WRAPPER_FAILED_STATUS}; shift; n=$((n - 1)); done; ` +
  `if [ "$cpu" -gt 0 ]; then ulimit -S -t "$cpu" && ulimit -H -t $((cpu + 1)) || exit ${WRAPPER_FAILED_STATUS}; fi; ` +
  `if [ "$mem" -gt 0 ]; then ulimit -d "$mem" || exit ${WRAPPER_FAILED_STATUS}; fi; ` +
  CLOSE_FDS +
  'exec "$@"';
