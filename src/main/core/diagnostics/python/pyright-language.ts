// Python through pyright's language server (its `langserver` entry over stdio, vscode-jsonrpc
// as the client), started on first use, kept warm, stopped on dispose. The proposed texts go
// to pyright as open documents (didOpen/didChange), never to disk; pyright reads the project's
// pyrightconfig.json / pyproject.toml from the workspace root itself. Errors come from pull
// diagnostics (`textDocument/diagnostic`), which analyses the document's current version on
// request, so "before" and "after" never mix. One check at a time: the open documents are
// pyright's state.
// A deleted file is shown to pyright as an empty module (it cannot be told the file is gone).
// The server and its queue of jobs: pyright-server-jobs.ts; the background pass over the
// modules: pyright-warm-pass.ts; one proposal's check: pyright-check-job.ts.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic } from '../../../../shared/diagnostics';
import type { SandboxAvailability } from '../../sandbox/bubblewrap';
import { checkableFile } from '../../confinement/checker-file-rules';
import { DEFAULT_CONFINED_LIMITS, type ConfinedLimits } from '../../confinement/confined-process';
import type { SymbolIndexPort } from '../../index/symbol-index-port';
import type { ProposedFileChange } from '../diagnostics-port';
import type { LanguageChecker, LanguageOutcome, ProjectOutcome } from '../language-checker';
import { personPython } from './person-python';
import { openDocument, runPyrightCheck } from './pyright-check-job';
import { createPyrightDiskSide, type PyrightDiskSide } from './pyright-disk-side';
import { pullDiagnostics } from './pyright-pull-diagnostics';
import { createPyrightServerJobs } from './pyright-server-jobs';
import { createPyrightWarmPass } from './pyright-warm-pass';
import { pythonImportersOf } from './importer-lookup';
import { scanPythonImports } from './importers';
import { createPyrightReads, type PyrightReads } from './pyright-reads';

/** Cap of pyright's V8 heap (its own process); it says so and exits when it is reached. */
export const DEFAULT_PYRIGHT_HEAP_MB = 3072;

export interface PyrightLanguageOptions {
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort;
  readonly env?: NodeJS.ProcessEnv;
  readonly maxHeapMb?: number;
  /** Memory, CPU and process ceilings of the server (default: the confinement's). */
  readonly limits?: ConfinedLimits;
  /** A job the server has not answered after this long kills it; the next check restarts it. */
  readonly ceilingMs?: number;
  /** The sandbox (default detected); tests pass an unavailable one. */
  readonly sandbox?: SandboxAvailability;
}

/** Default of the hard ceiling of one job on the server. */
export const DEFAULT_PYRIGHT_CEILING_MS = 60_000;

export function createPyrightLanguage(options: PyrightLanguageOptions): LanguageChecker {
  const { root } = options;
  /** Each module's errors as on disk, and what pyright has been told of the disk. */
  const disk = createPyrightDiskSide(root);
  const uriOf = (relative: string): string =>
    pathToFileURL(path.join(root, ...relative.split('/'))).href;
  const python = personPython(root, options.env ?? process.env);
  const pythonNote = python.note;
  const reads = createPyrightReads(root, pythonNote);

  const jobs = createPyrightServerJobs({
    root,
    env: options.env ?? process.env,
    limits: { ...DEFAULT_CONFINED_LIMITS, ...options.limits },
    maxHeapMb: options.maxHeapMb ?? DEFAULT_PYRIGHT_HEAP_MB,
    sandbox: options.sandbox,
    pythonFolders: python.show,
    ceilingMs: options.ceilingMs ?? DEFAULT_PYRIGHT_CEILING_MS,
    disk,
    onJobStart: () => reads.reset(),
  });
  /** One job on the server; by default a change on disk starts the background pass over. */
  const withServer = <T>(
    signal: AbortSignal,
    compare: 'stat' | 'news',
    job: (connection: MessageConnection, signal: AbortSignal) => Promise<T>,
    onMoved: () => void = () => warmPass.rewarm(),
  ): Promise<T | string> => jobs.run(signal, compare, job, onMoved);

  const pull = (connection: MessageConnection, relative: string, text: string) =>
    pullDiagnostics(connection, uriOf(relative), relative, text);
  const diskErrorsOf = (connection: MessageConnection, file: string) =>
    diskErrorsThrough(connection, file, { disk, reads, uriOf, pull });

  const warmPass = createPyrightWarmPass(root, async (file, signal, onMoved) => {
    const done = await withServer(
      signal,
      'news',
      (connection) => diskErrorsOf(connection, file),
      onMoved,
    );
    // A server that cannot start (or a configuration error) ends the warming.
    return typeof done !== 'string';
  });

  return {
    language: 'python',
    owns: (file) => file.endsWith('.py') || file.endsWith('.pyi'),
    async check(
      changes: readonly ProposedFileChange[],
      signal,
      _ceilingMs,
      onChangedFiles,
    ): Promise<LanguageOutcome> {
      const unreadable = unreadableChange(root, changes);
      if (unreadable) return unreadable;
      const result = await withServer(signal, 'stat', (connection, cancelled) =>
        runPyrightCheck({
          connection,
          signal: cancelled,
          changes,
          disk,
          uriOf,
          readDisk: (relative) => reads.read(relative),
          pull: (file, text) => pull(connection, file, text),
          importersOf: (created) => pythonImportersOf(root, options.symbolIndex, created),
          ...(onChangedFiles ? { onChangedFiles } : {}),
        }),
      );
      if (typeof result === 'string')
        return { state: 'not_checked', reason: result, filesChecked: 0 };
      const { note, ...checked } = result;
      const said = [note, reads.note().reason].filter(Boolean).join('; ');
      return { state: 'checked', ...checked, ...(said ? { reason: said } : {}) };
    },
    project: (signal) =>
      projectOutcome(
        root,
        pythonNote,
        () => reads.note(),
        (files) =>
          withServer(signal, 'stat', async (connection) => {
            const out: Diagnostic[] = [];
            for (const file of files) out.push(...((await diskErrorsOf(connection, file)) ?? []));
            return out;
          }),
      ),
    warm() {
      return warmPass.warm();
    },
    diskChanged(paths) {
      disk.noticed(paths);
      // pyright hears of it before the next module: the background pass starts again.
      if (paths.some((p) => p.endsWith('.py') || p.endsWith('.pyi'))) warmPass.rewarm();
    },
    memoryBytes() {
      return jobs.memoryBytes();
    },
    async dispose() {
      warmPass.dispose();
      await jobs.stop();
    },
  };
}

/** What a module's errors as on disk are found through. */
interface DiskErrorsSide {
  readonly disk: PyrightDiskSide;
  readonly reads: PyrightReads;
  readonly uriOf: (relative: string) => string;
  readonly pull: (
    connection: MessageConnection,
    relative: string,
    text: string,
  ) => Promise<Diagnostic[]>;
}

/** A module's errors as on disk: known for this disk state, else pulled and kept. */
async function diskErrorsThrough(
  connection: MessageConnection,
  file: string,
  side: DiskErrorsSide,
): Promise<readonly Diagnostic[] | null> {
  const { disk, reads, uriOf, pull } = side;
  const text = reads.read(file);
  if (text === null) return null;
  const known = disk.before(file, text);
  if (known) return known;
  await openDocument(connection, uriOf(file), text);
  try {
    const found = await pull(connection, file, text);
    disk.remember(file, text, found);
    return found;
  } finally {
    await connection.sendNotification('textDocument/didClose', {
      textDocument: { uri: uriOf(file) },
    });
  }
}

/** A changed file that may not be read (a link out of the project) is not checked. */
function unreadableChange(
  root: string,
  changes: readonly ProposedFileChange[],
): LanguageOutcome | null {
  for (const change of changes) {
    const verdict = checkableFile(root, change.path);
    if (!verdict.ok && verdict.rule !== 'missing')
      return { state: 'not_checked', reason: `not read: ${verdict.reason}`, filesChecked: 0 };
  }
  return null;
}

/** Every Python file's errors as on disk, or why not, with what was left out said. */
async function projectOutcome(
  root: string,
  pythonNote: string | null | undefined,
  refusedNote: () => { reason?: string },
  errorsOf: (files: readonly string[]) => Promise<Diagnostic[] | string>,
): Promise<ProjectOutcome | null> {
  const scan = scanPythonImports(root);
  const { files } = scan;
  if (!files.length) return null;
  const result = await errorsOf(files);
  if (typeof result === 'string') return { state: 'not_checked', reason: result, filesChecked: 0 };
  return {
    state: 'checked',
    diagnostics: result,
    filesChecked: files.length,
    ...(scan.truncated
      ? {
          reason: [`only the first ${files.length} Python files were checked`, pythonNote]
            .filter(Boolean)
            .join('; '),
        }
      : refusedNote()),
  };
}
