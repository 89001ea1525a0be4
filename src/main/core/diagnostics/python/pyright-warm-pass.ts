// When pyright's background pass over the project's modules runs (python-warm.ts says what it
// analyses): started once when a Python project opens, started over after the disk changes
// (once the changes have settled, so a burst of saves starts it once), stopped on dispose.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { warmModules } from './python-warm';

/** A root holding one of these is a Python project: pyright is started when it opens. */
const PYTHON_PROJECT_FILES = [
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'pyrightconfig.json',
  'requirements.txt',
];

/** After the last change on disk, the pass over the modules starts again this much later. */
const REWARM_AFTER_MS = 2_000;

export interface PyrightWarmPass {
  /**
   * Starts the pass, once, where Python is certain to be asked (a Python project); resolves
   * when it ends (done, stopped, or the server cannot start).
   */
  warm(): Promise<void>;
  /**
   * The disk changed: what was prepared may be stale, so the pass starts over, once the
   * changes have settled. Nothing when the pass was never asked for.
   */
  rewarm(): void;
  dispose(): void;
}

/**
 * `prepare`: one module's disk side prepared as a job on the server; false ends the pass (a
 * server that cannot start, a configuration error). `onMoved` is for the job to call when it
 * found the disk changed before it ran.
 */
export function createPyrightWarmPass(
  root: string,
  prepare: (file: string, signal: AbortSignal, onMoved: () => void) => Promise<boolean>,
): PyrightWarmPass {
  /** Set while the project's modules are being analysed in the background. */
  let warming: AbortController | undefined;
  /** The background pass over the project's modules, once asked for (a Python project opened). */
  let warmPass: Promise<void> | undefined;
  let rewarmTimer: NodeJS.Timeout | undefined;

  /**
   * The disk side, prepared in the background when a Python project opens: the modules the
   * project imports most, one job each (a check waits for one module at most), their errors
   * kept for this disk state, and pyright's caches (builtins, typeshed, the project's modules)
   * filled on the way. Resolves when the pass ends (done, stopped, or the server cannot start).
   */
  const startWarming = (): Promise<void> => {
    warming = new AbortController();
    const signal = warming.signal;
    let analysed = 0;
    return warmModules(root, signal, async (file) => {
      // The news that started this pass is taken by its first job: only a change met later
      // (which dropped what the pass had prepared) starts it over.
      const goOn = await prepare(file, signal, () => {
        if (analysed > 0) rewarm();
      });
      analysed++;
      return goOn;
    });
  };

  function rewarm(): void {
    if (!warmPass) return;
    warming?.abort();
    clearTimeout(rewarmTimer);
    rewarmTimer = setTimeout(() => {
      rewarmTimer = undefined;
      if (warmPass) warmPass = startWarming();
    }, REWARM_AFTER_MS);
    rewarmTimer.unref();
  }

  return {
    warm() {
      // Only where Python is certain to be asked (as TypeScript with a tsconfig.json): any other
      // project starts pyright on its first Python check.
      if (!PYTHON_PROJECT_FILES.some((name) => existsSync(path.join(root, name))))
        return Promise.resolve();
      warmPass ??= startWarming();
      return warmPass;
    },
    rewarm,
    dispose() {
      warming?.abort();
      warming = undefined;
      warmPass = undefined;
      clearTimeout(rewarmTimer);
    },
  };
}
