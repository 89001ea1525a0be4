// The local runner: the copy is an overlay under SLUICE_HOME, commands run in bubblewrap over
// it (copy-mount.ts), and the run's layer is a folder the Node process reads and writes.
import { runCommand } from '../commands/command-runner';
import type { RunExecutor } from '../commands/run-executor';
import {
  copyMountOf,
  copyMountProblem,
  detectCopySupport,
  type CopySupport,
} from '../sandbox/copy-mount';
import {
  adoptRunCopy,
  createRunCopy,
  removeRunCopy,
  runCopyFor,
  type RunCopy,
} from '../sandbox/run-copy';
import { readLayerFile, scanLayer, writeLayerFile } from '../sandbox/upper-layer';

/** Any copy's paths (they differ only by the id, which has no comma or colon). */
function createRunCopyPaths(home: string): RunCopy {
  return runCopyFor(home, '00000000-0000-0000-0000-000000000000');
}

/** The local runner: overlay + bubblewrap on this machine. */
export function createLocalRunExecutor(home: string, support?: CopySupport): RunExecutor {
  return {
    name: 'this machine',
    problem(root, sandbox) {
      const copies = support ?? detectCopySupport();
      if (!copies.available) return copies.detail;
      if (!sandbox.available || sandbox.kind === 'seatbelt')
        return `the private copy needs the bubblewrap sandbox (${sandbox.available ? 'this machine has Seatbelt' : sandbox.detail})`;
      return copyMountProblem(copyMountOf(root, createRunCopyPaths(home)));
    },
    prepare: (id, refines) =>
      (refines ? adoptRunCopy(home, refines, id) : null) ?? createRunCopy(home, id),
    remove: (id) => removeRunCopy(home, id),
    run: (copy, options) => runCommand({ ...options, copy: copyMountOf(options.root, copy) }),
    scan: async (copy, skip, previous) => (await scanLayer(copy.upper, skip, previous)).entries,
    readFile: (copy, relative) => readLayerFile(copy.upper, relative),
    writeFile: (copy, relative, bytes, mode) => writeLayerFile(copy.upper, relative, bytes, mode),
  };
}
