// What pyright analyses when a project opens: the project's modules, the
// most imported first, one at a time, so a check that comes meanwhile waits for at most one
// of them and the first proposal finds the server started, its caches filled and the
// modules' errors on disk known (pyright-disk-side.ts).
import { scanPythonImports } from './importers';

/** Modules analysed when the project opens (and again after the disk changes). */
export const WARM_MODULES = 400;

/**
 * Calls `analyse` for each module in turn until it returns false, the signal aborts or the
 * list ends; starts after the current turn of the event loop (the scan reads the files).
 * Resolves when it stops.
 */
export function warmModules(
  root: string,
  signal: AbortSignal,
  analyse: (file: string) => Promise<boolean>,
): Promise<void> {
  return new Promise((resolve) => {
    setImmediate(() => {
      if (signal.aborted) return resolve();
      const scan = scanPythonImports(root);
      const order = [...scan.files]
        .sort((a, b) => (scan.importers.get(b)?.size ?? 0) - (scan.importers.get(a)?.size ?? 0))
        .slice(0, WARM_MODULES);
      const next = async (i: number): Promise<void> => {
        const file = order[i];
        if (file === undefined || signal.aborted) return resolve();
        // A failure (the server went away) ends the warming; the next check starts it again.
        const more = await analyse(file).catch(() => false);
        if (!more) return resolve();
        setImmediate(() => void next(i + 1));
      };
      void next(0);
    });
  });
}
