// TypeScript 7 (the native compiler) as the project's own checker (issue 30 item 2), through
// its synchronous API (`typescript/unstable/sync`): the native process asks us for every file
// it reads (the `fs` callbacks), so the checker's read rules hold (typescript-file-reads.ts)
// and a proposal is an overlay: new snapshots that see the proposed texts, never a file
// written. The disk snapshot's errors are cached per disk state; a proposal is checked in the
// changed files, then their importers, transitively through re-export-only files (barrels).
// This is narrower than the 5.x/6.x checker's export-surface walk (TypeScript 7's API does
// not expose a printer for types yet), and says so in ARCHITECTURE.
// Runs inside the TypeScript check worker, inside the confinement.
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../../../shared/diagnostics';
import { lineTextAt } from './diagnostic-comparison';
import type { TsChange, TsCheckerStats, TypeScriptChecker } from './typescript-checker';
import { dedupeDiagnostics } from './typescript-diagnostic-list';
import type { CheckerFileReads } from './typescript-file-reads';
import {
  isFatalConfigError,
  TS_SOURCE_EXTENSIONS,
  type ConfigError,
} from './typescript-project-configs';

interface NativeDiagnostic {
  readonly fileName?: string;
  readonly pos: number;
  readonly code: number;
  readonly category: number;
  readonly text: string;
}
interface NativeProgram {
  getSourceFileNames(): readonly string[];
  getSourceFile(file: string):
    | {
        readonly imports?: readonly { readonly text: string }[];
        readonly statements?: readonly { readonly kind: number }[];
      }
    | undefined;
  getSyntacticDiagnostics(file: string): readonly NativeDiagnostic[];
  getSemanticDiagnostics(file: string): readonly NativeDiagnostic[];
  getConfigFileParsingDiagnostics(): readonly NativeDiagnostic[];
  getProgramDiagnostics(): readonly NativeDiagnostic[];
}
interface NativeProject {
  readonly id: string;
  readonly configFileName: string;
  readonly program: NativeProgram;
}
interface NativeSnapshot {
  getProjects(): readonly NativeProject[];
  getProject(configFileName: string): NativeProject | undefined;
  getDefaultProjectForFile(file: string): NativeProject | undefined;
  dispose(): void;
}
interface NativeApi {
  updateSnapshot(params: Record<string, unknown>): NativeSnapshot;
  close(): void;
}

const ERROR = 1;
const RESOLVE_SUFFIXES = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '/index.ts', '/index.tsx'];

export async function createNativeChecker(
  packageFolder: string,
  root: string,
  reads: CheckerFileReads,
): Promise<TypeScriptChecker> {
  const module = (await import(
    pathToFileURL(path.join(packageFolder, 'dist', 'api', 'sync', 'api.js')).href
  )) as { API: new (options: Record<string, unknown>) => NativeApi };
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
  const api = new module.API({
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
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const absolute = (rel: string): string => path.join(root, ...rel.split('/'));
  let counts = { diskPrograms: 0, overlayPrograms: 0, preparedFiles: 0 };
  let epoch = 0;
  let shown: string[] = [];
  const diskErrors = new Map<string, Diagnostic[]>();
  let graph: { epoch: number; importers: Map<string, Set<string>> } | null = null;
  let pending: { epoch: number; files: string[] } | null = null;
  const rootConfig = ['tsconfig.json', 'jsconfig.json']
    .map((name) => path.join(root, name))
    .find((file) => reads.fileExists(file));
  let snapshot = api.updateSnapshot(rootConfig ? { openProjects: [rootConfig] } : {});
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

  const convert = (list: readonly NativeDiagnostic[]): Diagnostic[] =>
    list
      .filter((d) => d.category === ERROR && d.fileName)
      .map((d) => {
        const file = d.fileName as string;
        const text = isProjectFile(file) ? textOf(file) : '';
        const before = text.slice(0, d.pos);
        const line = before.split('\n').length;
        const column = d.pos - before.lastIndexOf('\n');
        return {
          path: relative(file),
          line,
          column,
          code: `TS${d.code}`,
          message: d.text,
          lineText: text ? lineTextAt(text, line) : '',
          source: 'typescript',
        };
      });

  const errorsOf = (program: NativeProgram, file: string): Diagnostic[] =>
    convert([...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]);

  const configProblems = (
    program: NativeProgram,
  ): { fatal: ConfigError[]; other: ConfigError[] } => {
    const all = [...program.getConfigFileParsingDiagnostics(), ...program.getProgramDiagnostics()]
      .filter((d) => d.category === ERROR)
      .map((d) => ({ code: d.code, message: d.text.split(`${root}/`).join('') }));
    return {
      fatal: all.filter(isFatalConfigError),
      other: all.filter((e) => !isFatalConfigError(e)),
    };
  };
  const words = (errors: readonly ConfigError[]): string =>
    [...new Set(errors.map((e) => `TS${e.code}: ${e.message.replace(/\s+/g, ' ').slice(0, 300)}`))]
      .slice(0, 3)
      .join('; ');

  /** The disk side: files changed on disk since they were read are told to the native side. */
  const refreshDisk = (): void => {
    const changed: string[] = [];
    for (const [file, version] of versions) {
      const now = stat(file);
      if (now === version) continue;
      versions.set(file, now);
      changed.push(file);
    }
    if (!changed.length) return;
    epoch++;
    diskErrors.clear();
    next({ fileChanges: { changed } });
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

  const importersOf = (program: NativeProgram): Map<string, Set<string>> => {
    if (graph?.epoch === epoch) return graph.importers;
    const files = new Set(program.getSourceFileNames());
    const importers = new Map<string, Set<string>>();
    for (const file of files) {
      if (!isProjectFile(file)) continue;
      for (const spec of program.getSourceFile(file)?.imports ?? []) {
        if (!spec.text.startsWith('.')) continue;
        const base = path.resolve(path.dirname(file), spec.text.replace(/\.(m|c)?jsx?$/, ''));
        const target = [base, ...RESOLVE_SUFFIXES.map((s) => base + s)].find((f) => files.has(f));
        if (!target) continue;
        if (!importers.has(target)) importers.set(target, new Set());
        importers.get(target)?.add(file);
      }
    }
    graph = { epoch, importers };
    return importers;
  };

  /** Only `export … from` / `import` statements: its importers see what its sources export. */
  const isBarrel = (program: NativeProgram, file: string): boolean => {
    const text = textOf(file);
    return (
      /^\s*(export\s+(\*|\{[^}]*\}|type\s+\{[^}]*\})\s+from\s+['"][^'"]+['"];?\s*|import\s[^;]+;\s*|\/\/[^\n]*\n\s*)*$/.test(
        text,
      ) && !!program.getSourceFile(file)
    );
  };

  const affected = (
    program: NativeProgram,
    changed: readonly string[],
    extra: ReadonlyMap<string, readonly string[]>,
  ): string[] => {
    const importers = importersOf(program);
    const out = new Set(changed);
    const queue = [...changed];
    while (queue.length) {
      const file = queue.shift() as string;
      const through = changed.includes(file) || isBarrel(program, file);
      if (!through) continue;
      for (const importer of [...(importers.get(file) ?? []), ...(extra.get(file) ?? [])]) {
        if (out.has(importer)) continue;
        out.add(importer);
        queue.push(importer);
      }
    }
    return [...out];
  };

  const diskErrorsOf = (program: NativeProgram, file: string): Diagnostic[] => {
    let cached = diskErrors.get(file);
    if (!cached) {
      cached = errorsOf(program, file);
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

  return {
    check(changes: readonly TsChange[], extraImporters: Record<string, string[]>) {
      clearOverlay();
      refreshDisk();
      const files = changes
        .filter((c) => TS_SOURCE_EXTENSIONS.some((ext) => c.path.endsWith(ext)))
        .map((c) => absolute(c.path));
      const onDisk = files.filter((f) => reads.fileExists(f));
      const disk = next({ openFiles: onDisk });
      const extra = new Map(
        Object.entries(extraImporters).map(([k, v]) => [absolute(k), v.map(absolute)]),
      );
      const byProject = new Map<string, { project: NativeProject; changed: string[] }>();
      for (const file of files) {
        const project =
          (onDisk.includes(file) ? disk.getDefaultProjectForFile(file) : undefined) ??
          (rootConfig ? disk.getProject(rootConfig) : undefined);
        if (!project) continue;
        const entry = byProject.get(project.configFileName) ?? { project, changed: [] };
        entry.changed.push(file);
        byProject.set(project.configFileName, entry);
      }
      const before: Diagnostic[] = [];
      const plan: { configFileName: string; files: string[] }[] = [];
      const fatal: ConfigError[] = [];
      const other: ConfigError[] = [];
      for (const { project, changed } of byProject.values()) {
        const problems = configProblems(project.program);
        other.push(...problems.other);
        if (problems.fatal.length) {
          fatal.push(...problems.fatal);
          continue;
        }
        const list = affected(project.program, changed, extra);
        for (const file of list)
          if (onDisk.includes(file) || !files.includes(file))
            before.push(...diskErrorsOf(project.program, file));
        plan.push({ configFileName: project.configFileName, files: list });
      }
      for (const change of changes) overlay.set(absolute(change.path), change.after);
      const created = files.filter((f) => !onDisk.includes(f));
      const createdNow = created.filter((f) => overlay.get(f) !== null);
      const proposed = next({
        ...(createdNow.length ? { openFiles: createdNow } : {}),
        fileChanges: {
          changed: onDisk.filter((f) => overlay.get(f) !== null),
          created: created.filter((f) => overlay.get(f) !== null),
          deleted: files.filter((f) => overlay.get(f) === null),
        },
      });
      counts = { ...counts, overlayPrograms: counts.overlayPrograms + 1 };
      const after: Diagnostic[] = [];
      let checked = 0;
      for (const { configFileName, files: list } of plan) {
        const project = proposed.getProject(configFileName);
        if (!project) continue;
        for (const file of list) {
          if (overlay.get(file) === null) continue;
          // A created file is in the program its folder's config gives it, once opened.
          const owner = createdNow.includes(file)
            ? (proposed.getDefaultProjectForFile(file) ?? project)
            : project;
          checked++;
          after.push(...errorsOf(owner.program, file));
        }
      }
      if (fatal.length && !checked)
        return { state: 'not_checked', reason: words(fatal), filesChecked: 0 };
      shown = [words([...other, ...fatal]), refusedWords()].filter(Boolean);
      return {
        state: 'checked',
        before: dedupeDiagnostics(before),
        after: dedupeDiagnostics(after),
        filesChecked: checked,
        ...(shown.length ? { reason: shown.join('; ') } : {}),
      };
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
      if (problems.fatal.length)
        return { state: 'not_checked', reason: words(problems.fatal), filesChecked: 0 };
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
        if (project) importersOf(project.program);
        return pending.files.length > 0;
      }
      const project = rootConfig ? snapshot.getProject(rootConfig) : undefined;
      const until = Date.now() + 25;
      while (project && pending.files.length) {
        diskErrorsOf(project.program, pending.files.pop() as string);
        counts = { ...counts, preparedFiles: counts.preparedFiles + 1 };
        if (Date.now() >= until) return true;
      }
      return false;
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
