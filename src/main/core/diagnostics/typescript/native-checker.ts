// TypeScript 7 (the native compiler) as the project's own checker, or Sluice's own when the
// project has none (compiler-choice.ts), through its synchronous API
// (`typescript/unstable/sync`, native-api.ts): the native process asks us for every
// file it reads (the `fs` callbacks, native-session.ts), so the checker's read rules hold
// (file-reads.ts) and a proposal is an overlay: new snapshots that see the proposed texts,
// never a file written. The disk snapshot's errors, importer graph and export surfaces are cached per disk
// state; a proposal is checked in the changed files, then the importers of every file whose
// export surface differs, transitively, as the 5.x/6.x checker does
// (native-change-check.ts, native-surface.ts). Loose files (no config at the root) are one
// project through the config the checker gives them (native-inferred-project.ts).
// Runs inside the TypeScript check worker, inside the confinement.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { DEFAULT_OPTIONS_USED, JS_NOT_CHECKED } from './check-reasons';
import type { LanguageOutcome, ProjectOutcome } from '../language-checker';
import type { TsCheckerStats, TypeScriptChecker } from './checker-contract';
import type { ShapeComparer } from './declaration-shape';
import { checkedProject } from './diagnostic-list';
import type { CheckerFileReads } from './file-reads';
import type { NativeProgram } from './native-api';
import { checkNativeChange, type NativeChangeCheckContext } from './native-change-check';
import { createNativeDiagnostics } from './native-diagnostics';
import { isCheckedLooseFile, type InferredConfig } from './native-inferred-project';
import { openNativeSession, type NativeSession } from './native-session';
import { createNativeDiskSides } from './native-surface';
import { nativeReferenceCycle } from './native-references';

export interface NativeChecker extends TypeScriptChecker {
  /** TypeScript's words for what is wrong with the root configuration; '' when nothing is. */
  configurationProblems(): string;
  /**
   * Opened for loose files, and a tsconfig.json or jsconfig.json is at the root now: the
   * compiler was chosen for a project without one, so the checker must start again.
   */
  rootConfigAppeared(): boolean;
}

/** What the checker's requests share: the native side, the change check's context. */
interface NativeCheckerParts {
  readonly session: NativeSession;
  readonly context: NativeChangeCheckContext;
  readonly isProjectFile: (file: string) => boolean;
}

/** The project files still to prepare in the background, for the disk state `epoch`. */
interface Preparing {
  pending: { epoch: number; files: string[] } | null;
}

export async function createNativeChecker(
  packageFolder: string,
  root: string,
  reads: CheckerFileReads,
  sameShape?: ShapeComparer,
  /** The config of a project with none at its root (loose files). */
  inferred?: InferredConfig,
): Promise<NativeChecker> {
  const isProjectFile = (file: string): boolean =>
    file.startsWith(root + '/') && !file.includes('/node_modules/');
  const diskErrors = new Map<string, Diagnostic[]>();
  const session = await openNativeSession({
    packageFolder,
    root,
    reads,
    isProjectFile,
    onDiskChange: () => {
      diskErrors.clear();
      sides.reset();
    },
    inferred,
  });
  const { rootConfig, overlay } = session;
  const absolute = (rel: string): string => path.join(root, ...rel.split('/'));
  let last: { key: string; outcome: LanguageOutcome } | null = null;
  const preparing: Preparing = { pending: null };

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
  const { errorsOf } = diagnostics;

  const sides = createNativeDiskSides({
    isProjectFile,
    texts: (file) => [textOf(file), reads.readFile(file) ?? ''],
    ...(sameShape ? { sameShape } : {}),
    ...(session.syntaxKinds ? { kinds: session.syntaxKinds } : {}),
  });

  const diskErrorsOf = (program: NativeProgram, file: string): Diagnostic[] => {
    let cached = diskErrors.get(file);
    if (!cached) {
      cached = errorsOf(program, file, true);
      diskErrors.set(file, cached);
    }
    return cached;
  };

  const context: NativeChangeCheckContext = {
    root,
    rootConfig,
    inferred: session.inferred,
    isProjectFile,
    reads,
    overlay,
    openedProjects: session.openedProjects,
    diagnostics,
    sides,
    next: session.next,
    propose: session.propose,
    adopt: session.adopt,
    diskErrorsOf,
    referenceCycle: referenceCycleOf(session, reads),
    refusedWords: () => refusedWords(reads),
  };
  const parts: NativeCheckerParts = { session, context, isProjectFile };

  return {
    check(changes, extraImporters, onChangedFiles) {
      session.clearOverlay();
      session.refreshDisk();
      // A revision that proposes the same texts again on the same disk state: the same answer.
      const key = createHash('sha1')
        .update(JSON.stringify([session.epoch(), changes, extraImporters]))
        .digest('hex');
      if (last?.key === key) return last.outcome;
      const outcome = checkNativeChange(context, { changes, extraImporters, onChangedFiles });
      last = { key, outcome };
      return outcome;
    },
    project: () => projectOutcome(parts),
    prepareStep: () => prepareStep(parts, preparing),
    noticeDisk(paths) {
      // Back to the disk texts first (a proposal's overlay stays until the next request); the
      // next preparation step prepares the new disk state.
      session.clearOverlay();
      session.refreshDisk(paths.map(absolute).filter(isProjectFile));
    },
    configurationProblems: () => configurationProblems(parts),
    rootConfigAppeared: () =>
      session.inferred &&
      ['tsconfig.json', 'jsconfig.json'].some((name) => reads.fileExists(path.join(root, name))),
    stats: (): TsCheckerStats => ({
      ...session.counts(),
      prepared:
        preparing.pending?.epoch === session.epoch() && preparing.pending.files.length === 0,
    }),
    dispose() {
      session.close();
    },
  };
}

/** The root project's errors on disk, or why it cannot be checked. */
function projectOutcome(parts: NativeCheckerParts): ProjectOutcome | null {
  const { session, context, isProjectFile } = parts;
  const { rootConfig } = session;
  const { configProblems, words } = context.diagnostics;
  session.clearOverlay();
  session.refreshDisk();
  if (!rootConfig)
    return {
      state: 'not_checked',
      reason: 'no tsconfig.json: TypeScript 7 checks a project through its tsconfig.json',
      filesChecked: 0,
    };
  const project =
    session.current().getProject(rootConfig) ??
    session.next({ openProjects: [rootConfig] }).getProject(rootConfig);
  if (!project) return null;
  const problems = configProblems(project.program);
  const cycle = context.referenceCycle();
  if (problems.fatal.length || cycle)
    return {
      state: 'not_checked',
      reason: words([...(cycle ? [cycle.error] : []), ...problems.fatal]),
      filesChecked: 0,
    };
  const sources = project.program.getSourceFileNames().filter(isProjectFile);
  // No config and no source: no TypeScript here, as the 5.x/6.x checker answers.
  if (session.inferred && !sources.length) return null;
  // Loose JavaScript is checked only with `// @ts-check`, as by the 5.x/6.x checker.
  const files = session.inferred
    ? sources.filter((file) => isCheckedLooseFile(file, context.reads.readFile(file)))
    : sources;
  if (sources.length && !files.length)
    return { state: 'not_checked', reason: JS_NOT_CHECKED, filesChecked: 0 };
  const out = files.flatMap((file) => context.diskErrorsOf(project.program, file));
  const reason = [
    session.inferred ? DEFAULT_OPTIONS_USED : '',
    words(problems.other),
    context.refusedWords(),
  ]
    .filter(Boolean)
    .join('; ');
  return checkedProject(out, files.length, reason);
}

/**
 * One step of the background preparation: the root project's graph first, then its files'
 * errors and surfaces for about 25 ms at a time. False when nothing is left.
 */
function prepareStep(parts: NativeCheckerParts, preparing: Preparing): boolean {
  const { session, context, isProjectFile } = parts;
  const { rootConfig } = session;
  session.clearOverlay();
  if (preparing.pending?.epoch === session.epoch() && !preparing.pending.files.length)
    session.refreshDisk();
  if (!preparing.pending || preparing.pending.epoch !== session.epoch()) {
    const project = rootConfig ? session.current().getProject(rootConfig) : undefined;
    preparing.pending = {
      epoch: session.epoch(),
      files: project ? project.program.getSourceFileNames().filter(isProjectFile) : [],
    };
    if (project) context.sides.graphOf(project);
    return preparing.pending.files.length > 0;
  }
  const { pending } = preparing;
  const project = rootConfig ? session.current().getProject(rootConfig) : undefined;
  const until = Date.now() + 25;
  const surfaces = project ? context.sides.diskSurfaces(project) : undefined;
  while (project && pending.files.length) {
    const file = pending.files.pop() as string;
    context.diskErrorsOf(project.program, file);
    surfaces?.localOf(file);
    session.countPrepared();
    if (Date.now() >= until) return true;
  }
  return false;
}

/** TypeScript's words for what is wrong with the root configuration; '' when nothing is. */
function configurationProblems(parts: NativeCheckerParts): string {
  const { session, context } = parts;
  const { rootConfig } = session;
  const project = rootConfig ? session.current().getProject(rootConfig) : undefined;
  if (!project) return '';
  const problems = context.diagnostics.configProblems(project.program);
  return context.diagnostics.words([...problems.fatal, ...problems.other]);
}

/** The root config's reference cycle, looked for once per disk state. */
function referenceCycleOf(
  session: NativeSession,
  reads: CheckerFileReads,
): () => ReturnType<typeof nativeReferenceCycle> {
  let cycle: { epoch: number; found: ReturnType<typeof nativeReferenceCycle> } | null = null;
  return () => {
    const { rootConfig } = session;
    if (!rootConfig) return null;
    if (cycle?.epoch !== session.epoch())
      cycle = { epoch: session.epoch(), found: nativeReferenceCycle(rootConfig, reads) };
    return cycle.found;
  };
}

/** The files not read under the read rules, in words ('' when none). */
function refusedWords(reads: CheckerFileReads): string {
  const refused = reads.refusals();
  return refused.length
    ? `not read: ${refused
        .slice(0, 5)
        .map((r) => `${r.path} (${r.why})`)
        .join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}`
    : '';
}
