// TypeScript 7 (the native compiler) as the project's own checker, or Sluice's own when the
// project has none (compiler-choice.ts), through its synchronous API
// (`typescript/unstable/sync`, native-api.ts): the native process asks us for every
// file it reads (the `fs` callbacks), so the checker's read rules hold (file-reads.ts)
// and a proposal is an overlay: new snapshots that see the proposed texts, never a file
// written. The disk snapshot's errors, importer graph and export surfaces are cached per disk
// state; a proposal is checked in the changed files, then the importers of every file whose
// export surface differs, transitively, as the 5.x/6.x checker does
// (native-change-check.ts, native-surface.ts).
// Runs inside the TypeScript check worker, inside the confinement.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../../shared/diagnostics';
import type { LanguageOutcome } from '../language-checker';
import type { TsCheckerStats, TypeScriptChecker } from './checker-contract';
import type { ShapeComparer } from './declaration-shape';
import { dedupeDiagnostics } from './diagnostic-list';
import type { CheckerFileReads } from './file-reads';
import { loadNativeApi, type NativeProgram, type NativeSnapshot } from './native-api';
import { checkNativeChange } from './native-change-check';
import { createNativeDiagnostics } from './native-diagnostics';
import { createNativeDiskSides } from './native-surface';
import { nativeReferenceCycle } from './native-references';

export interface NativeChecker extends TypeScriptChecker {
  /** TypeScript's words for what is wrong with the root configuration; '' when nothing is. */
  configurationProblems(): string;
}

export async function createNativeChecker(
  packageFolder: string,
  root: string,
  reads: CheckerFileReads,
  sameShape?: ShapeComparer,
): Promise<NativeChecker> {
  const API = await loadNativeApi(packageFolder);
  const overlay = new Map<string, string | null>();
  const versions = new Map<string, string>();
  const stat = (file: string): string => {
    try {
      const s = statSync(file);
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return 'missing';
    }
  };
  const isProjectFile = (file: string): boolean =>
    file.startsWith(root + '/') && !file.includes('/node_modules/');
  const api = new API({
    cwd: root,
    fs: {
      readFile: (file: string): string | null => {
        if (overlay.has(file)) return overlay.get(file) ?? null;
        if (isProjectFile(file) && !versions.has(file)) versions.set(file, stat(file));
        return reads.readFile(file) ?? null;
      },
      fileExists: (file: string): boolean =>
        overlay.has(file) ? overlay.get(file) !== null : reads.fileExists(file),
      realpath: (file: string): string => reads.realpath(file),
    },
  });
  const absolute = (rel: string): string => path.join(root, ...rel.split('/'));
  let counts = { diskPrograms: 0, overlayPrograms: 0, preparedFiles: 0 };
  let epoch = 0;
  let last: { key: string; outcome: LanguageOutcome } | null = null;
  const diskErrors = new Map<string, Diagnostic[]>();
  let pending: { epoch: number; files: string[] } | null = null;
  const rootConfig = ['tsconfig.json', 'jsconfig.json']
    .map((name) => path.join(root, name))
    .find((file) => reads.fileExists(file));
  let snapshot = api.updateSnapshot(rootConfig ? { openProjects: [rootConfig] } : {});
  const openedProjects = new Set<string>(rootConfig ? [rootConfig] : []);
  counts.diskPrograms++;

  const next = (params: Record<string, unknown>): NativeSnapshot => {
    const old = snapshot;
    snapshot = api.updateSnapshot(params);
    old.dispose();
    return snapshot;
  };

  const textOf = (file: string): string => {
    if (overlay.has(file)) return overlay.get(file) ?? '';
    return reads.readFile(file) ?? '';
  };

  const diagnostics = createNativeDiagnostics({
    root,
    isProjectFile,
    diskText: (file) => reads.readFile(file) ?? '',
    currentText: textOf,
  });
  const { errorsOf, configProblems, words } = diagnostics;

  /**
   * The disk side: files changed on disk since they were read are told to the native side, and
   * `created` (absolute; the watcher's news) that exist now and were never read.
   */
  const refreshDisk = (created: readonly string[] = []): void => {
    const changed: string[] = [];
    for (const [file, version] of versions) {
      const now = stat(file);
      if (now === version) continue;
      versions.set(file, now);
      changed.push(file);
    }
    const appeared = created.filter((file) => !versions.has(file) && stat(file) !== 'missing');
    if (!changed.length && !appeared.length) return;
    epoch++;
    diskErrors.clear();
    sides.reset();
    next({ fileChanges: { changed, ...(appeared.length ? { created: appeared } : {}) } });
    counts = { ...counts, diskPrograms: counts.diskPrograms + 1 };
  };

  /** Back to the disk texts after a proposal's overlay. */
  const clearOverlay = (): void => {
    if (!overlay.size) return;
    const files = [...overlay.keys()];
    overlay.clear();
    const present = files.filter((f) => reads.fileExists(f));
    next({
      fileChanges: { changed: present, deleted: files.filter((f) => !present.includes(f)) },
      closeFiles: files,
    });
  };

  const sides = createNativeDiskSides({
    isProjectFile,
    texts: (file) => [textOf(file), reads.readFile(file) ?? ''],
    ...(sameShape ? { sameShape } : {}),
  });
  let cycle: { epoch: number; found: ReturnType<typeof nativeReferenceCycle> } | null = null;
  const referenceCycle = (): ReturnType<typeof nativeReferenceCycle> => {
    if (!rootConfig) return null;
    if (cycle?.epoch !== epoch) cycle = { epoch, found: nativeReferenceCycle(rootConfig, reads) };
    return cycle.found;
  };

  const diskErrorsOf = (program: NativeProgram, file: string): Diagnostic[] => {
    let cached = diskErrors.get(file);
    if (!cached) {
      cached = errorsOf(program, file, true);
      diskErrors.set(file, cached);
    }
    return cached;
  };

  const refusedWords = (): string => {
    const refused = reads.refusals();
    return refused.length
      ? `not read: ${refused
          .slice(0, 5)
          .map((r) => `${r.path} (${r.why})`)
          .join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}`
      : '';
  };

  const changeCheck = {
    root,
    rootConfig,
    reads,
    overlay,
    openedProjects,
    diagnostics,
    sides,
    next,
    propose: (params: Record<string, unknown>): NativeSnapshot => {
      const proposed = api.updateSnapshot(params);
      counts = { ...counts, overlayPrograms: counts.overlayPrograms + 1 };
      return proposed;
    },
    adopt: (proposed: NativeSnapshot): void => {
      snapshot = proposed;
    },
    diskErrorsOf,
    referenceCycle,
    refusedWords,
  };

  return {
    check(changes, extraImporters, onChangedFiles) {
      clearOverlay();
      refreshDisk();
      // A revision that proposes the same texts again on the same disk state: the same answer.
      const key = createHash('sha1')
        .update(JSON.stringify([epoch, changes, extraImporters]))
        .digest('hex');
      if (last?.key === key) return last.outcome;
      const outcome = checkNativeChange(changeCheck, changes, extraImporters, onChangedFiles);
      last = { key, outcome };
      return outcome;
    },
    project() {
      clearOverlay();
      refreshDisk();
      if (!rootConfig)
        return {
          state: 'not_checked',
          reason: 'no tsconfig.json: TypeScript 7 checks a project through its tsconfig.json',
          filesChecked: 0,
        };
      const project =
        snapshot.getProject(rootConfig) ??
        next({ openProjects: [rootConfig] }).getProject(rootConfig);
      if (!project) return null;
      const problems = configProblems(project.program);
      const cycle = referenceCycle();
      if (problems.fatal.length || cycle)
        return {
          state: 'not_checked',
          reason: words([...(cycle ? [cycle.error] : []), ...problems.fatal]),
          filesChecked: 0,
        };
      const files = project.program.getSourceFileNames().filter(isProjectFile);
      const out = files.flatMap((file) => diskErrorsOf(project.program, file));
      const reason = [words(problems.other), refusedWords()].filter(Boolean).join('; ');
      return {
        state: 'checked',
        diagnostics: dedupeDiagnostics(out),
        filesChecked: files.length,
        ...(reason ? { reason } : {}),
      };
    },
    prepareStep() {
      clearOverlay();
      if (pending?.epoch === epoch && !pending.files.length) refreshDisk();
      if (!pending || pending.epoch !== epoch) {
        const project = rootConfig ? snapshot.getProject(rootConfig) : undefined;
        pending = {
          epoch,
          files: project ? project.program.getSourceFileNames().filter(isProjectFile) : [],
        };
        if (project) sides.graphOf(project);
        return pending.files.length > 0;
      }
      const project = rootConfig ? snapshot.getProject(rootConfig) : undefined;
      const until = Date.now() + 25;
      const surfaces = project ? sides.diskSurfaces(project) : undefined;
      while (project && pending.files.length) {
        const file = pending.files.pop() as string;
        diskErrorsOf(project.program, file);
        surfaces?.localOf(file);
        counts = { ...counts, preparedFiles: counts.preparedFiles + 1 };
        if (Date.now() >= until) return true;
      }
      return false;
    },
    noticeDisk(paths) {
      // Back to the disk texts first (a proposal's overlay stays until the next request); the
      // next preparation step prepares the new disk state.
      clearOverlay();
      refreshDisk(paths.map(absolute).filter(isProjectFile));
    },
    configurationProblems() {
      const project = rootConfig ? snapshot.getProject(rootConfig) : undefined;
      if (!project) return '';
      const problems = configProblems(project.program);
      return words([...problems.fatal, ...problems.other]);
    },
    stats: (): TsCheckerStats => ({
      ...counts,
      prepared: pending?.epoch === epoch && pending.files.length === 0,
    }),
    dispose() {
      api.close();
    },
  };
}
