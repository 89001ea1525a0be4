// Python through pyright's language server (its `langserver` entry over stdio, vscode-jsonrpc
// as the client), started on first use, kept warm, stopped on dispose. The proposed texts go
// to pyright as open documents (didOpen/didChange), never to disk; pyright reads the project's
// pyrightconfig.json / pyproject.toml from the workspace root itself. Errors come from pull
// diagnostics (`textDocument/diagnostic`), which analyses the document's current version on
// request, so "before" and "after" never mix. One check at a time: the open documents are
// pyright's state.
// A deleted file is shown to pyright as an empty module (it cannot be told the file is gone).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { SandboxAvailability } from '../commands/bubblewrap';
import { checkableFile } from '../confinement/checkable-file';
import { DEFAULT_CONFINED_LIMITS, type ConfinedLimits } from '../confinement/confined-process';
import {
  configFilesStamp,
  startPyrightServer,
  type PyrightServer as Server,
} from './pyright-server';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { lineTextAt } from './diagnostic-comparison';
import type { ProposedFileChange } from './diagnostics-port';
import type { LanguageChecker, LanguageOutcome, ProjectOutcome } from './language-checker';
import { moduleNamesOf, scanPythonImports, type PythonImportScan } from './python-importers';
import { personPython } from './person-python';
import { openDocument, runPyrightCheck } from './pyright-check-job';
import { createPyrightDiskSide } from './pyright-disk-side';
import { warmModules } from './python-warm';
import { readRssBytes } from './process-memory';

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

/** Default of the hard ceiling of one job on the server. */
export const DEFAULT_PYRIGHT_CEILING_MS = 60_000;

interface LspDiagnostic {
  range: { start: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  message: string;
}

export function createPyrightLanguage(options: PyrightLanguageOptions): LanguageChecker {
  const { root } = options;
  const maxHeapMb = options.maxHeapMb ?? DEFAULT_PYRIGHT_HEAP_MB;
  const limits: Required<ConfinedLimits> = { ...DEFAULT_CONFINED_LIMITS, ...options.limits };
  const ceilingMs = options.ceilingMs ?? DEFAULT_PYRIGHT_CEILING_MS;
  let server: Promise<Server | string> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  /** Set while the project's modules are being analysed in the background (warm). */
  let warming: AbortController | undefined;
  /** The background pass over the project's modules, once asked for (a Python project opened). */
  let warmPass: Promise<void> | undefined;
  let rewarmTimer: NodeJS.Timeout | undefined;
  /** Each module's errors as on disk, and what pyright has been told of the disk. */
  const disk = createPyrightDiskSide(root);
  let pid: number | undefined;
  const uriOf = (relative: string): string =>
    pathToFileURL(path.join(root, ...relative.split('/'))).href;
  const python = personPython(root, options.env ?? process.env);
  const pythonNote = python.note;
  /** Files not read under read_file's rules during the current job, with why. */
  let refused: string[] = [];
  /** A project file's text, only under read_file's rules (null when refused or missing). */
  const readDisk = (relative: string): string | null => {
    const verdict = checkableFile(root, relative);
    if (!verdict.ok) {
      if (verdict.rule !== 'missing' && !refused.includes(verdict.reason))
        refused.push(verdict.reason);
      return null;
    }
    try {
      return readFileSync(verdict.absolute, 'utf8');
    } catch {
      return null;
    }
  };

  const start = (): Promise<Server | string> =>
    startPyrightServer({
      root,
      env: options.env ?? process.env,
      limits,
      maxHeapMb,
      sandbox: options.sandbox,
      pythonFolders: python.show,
      onExit: () => {
        server = undefined;
        pid = undefined;
      },
    }).then((ready) => {
      if (typeof ready !== 'string') {
        pid = ready.child.pid;
        disk.reset();
      }
      return ready;
    });

  const toDiagnostics = (
    relative: string,
    text: string,
    items: readonly LspDiagnostic[],
  ): Diagnostic[] =>
    items
      .filter((d) => (d.severity ?? 1) === 1)
      .map((d) => ({
        path: relative,
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
        code: d.code === undefined ? '' : String(d.code),
        message: d.message,
        lineText: lineTextAt(text, d.range.start.line + 1),
        source: 'pyright',
      }));

  const pull = async (
    connection: MessageConnection,
    relative: string,
    text: string,
  ): Promise<Diagnostic[]> => {
    const report = await connection.sendRequest<{ kind: string; items?: LspDiagnostic[] }>(
      'textDocument/diagnostic',
      { textDocument: { uri: uriOf(relative) } },
    );
    return toDiagnostics(relative, text, report.items ?? []);
  };

  /** Stops a server (idempotent): the next job starts a fresh one. */
  const stopServer = (current: Server): void => {
    if (server) server = undefined;
    pid = undefined;
    current.connection.dispose();
    current.kill();
  };

  /**
   * Runs one job on the server, one at a time; a dead or missing server, a configuration
   * error, or no answer within the hard ceiling (the server is then killed, and the next job
   * starts it again) is a reason. Before the job, pyright is told what changed on disk:
   * `stat` compares every project Python file (a check), `news` takes the watcher's only;
   * `onMoved` runs when something had changed (default: the background pass starts over).
   */
  const withServer = <T>(
    signal: AbortSignal,
    compare: 'stat' | 'news',
    job: (connection: MessageConnection) => Promise<T>,
    onMoved: () => void = rewarm,
  ): Promise<T | string> => {
    const run = async (): Promise<T | string> => {
      if (signal.aborted) return 'the check was cancelled';
      refused = [];
      server ??= start();
      let ready = await server;
      if (typeof ready !== 'string' && ready.configStamp !== configFilesStamp(root)) {
        stopServer(ready);
        server = start();
        ready = await server;
      }
      if (typeof ready === 'string') {
        server = undefined;
        return ready;
      }
      if (ready.configErrors.length) return `pyright: ${ready.configErrors[0] ?? ''}`;
      const current = ready;
      let onAbort = (): void => undefined;
      let ceiling: NodeJS.Timeout | undefined;
      const stopped = new Promise<string>((resolve) => {
        onAbort = () => resolve('the check was cancelled');
        signal.addEventListener('abort', onAbort, { once: true });
        ceiling = setTimeout(() => {
          stopServer(current);
          resolve(
            `pyright did not answer within ${Math.round(ceilingMs / 1000)} s; it was stopped and starts again on the next check`,
          );
        }, ceilingMs);
      });
      // The job may fail after the race is decided (writes to a killed server): not unhandled.
      const work = (async () => {
        if (await disk.sync(current.connection, compare === 'stat')) onMoved();
        return job(current.connection);
      })();
      work.catch(() => undefined);
      try {
        const answer = await Promise.race([work, current.exited, stopped]);
        // pyright logs a configuration error while it sets the workspace up, after start.
        if (current.configErrors.length) return `pyright: ${current.configErrors[0] ?? ''}`;
        return answer;
      } finally {
        clearTimeout(ceiling);
        signal.removeEventListener('abort', onAbort);
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };

  /** Files a job did not read, for the outcome's reason. */
  const refusedNote = (): { reason?: string } => {
    const said = [refused.length ? `not read: ${refused.join('; ')}` : '', pythonNote ?? ''];
    const reason = said.filter(Boolean).join('; ');
    return reason ? { reason } : {};
  };

  /** A module's errors as on disk: known for this disk state, else pulled and kept. */
  const diskErrorsOf = async (
    connection: MessageConnection,
    file: string,
  ): Promise<readonly Diagnostic[] | null> => {
    const text = readDisk(file);
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
  };

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
      const done = await withServer(
        signal,
        'news',
        (connection) => diskErrorsOf(connection, file),
        () => {
          if (analysed > 0) rewarm();
        },
      );
      analysed++;
      // A server that cannot start (or a configuration error) ends the warming.
      return typeof done !== 'string';
    });
  };

  /**
   * The disk changed: what was prepared may be stale, so the pass starts over, once the
   * changes have settled (a burst of saves starts it once).
   */
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

  /**
   * Who imports a module: the symbol index when there is one, else a scan of the imports. A
   * module the proposal creates is imported by no file yet: the files that import its name
   * (unresolved on disk) are its importers, found by the scan.
   */
  const importersOf = (created: readonly string[]): ((file: string) => Iterable<string>) => {
    let scanned: PythonImportScan | undefined;
    const scan = (): PythonImportScan => (scanned ??= scanPythonImports(root));
    const ofCreated = (file: string): string[] => [
      ...new Set(moduleNamesOf(file).flatMap((name) => [...(scan().unresolved.get(name) ?? [])])),
    ];
    if (options.symbolIndex) {
      const index = options.symbolIndex;
      return (file) => {
        if (created.includes(file)) return ofCreated(file);
        try {
          return index.findImporters(file).map((i) => i.path);
        } catch {
          return [];
        }
      };
    }
    return (file) =>
      created.includes(file) ? ofCreated(file) : (scan().importers.get(file) ?? []);
  };

  return {
    language: 'python',
    owns: (file) => file.endsWith('.py') || file.endsWith('.pyi'),
    async check(
      changes: readonly ProposedFileChange[],
      signal,
      _ceilingMs,
      onChangedFiles,
    ): Promise<LanguageOutcome> {
      // A changed file that may not be read (a link out of the project) is not checked.
      for (const change of changes) {
        const verdict = checkableFile(root, change.path);
        if (!verdict.ok && verdict.rule !== 'missing')
          return { state: 'not_checked', reason: `not read: ${verdict.reason}`, filesChecked: 0 };
      }
      const result = await withServer(signal, 'stat', (connection) =>
        runPyrightCheck({
          connection,
          changes,
          disk,
          uriOf,
          readDisk,
          pull: (file, text) => pull(connection, file, text),
          importersOf,
          ...(onChangedFiles ? { onChangedFiles } : {}),
        }),
      );
      if (typeof result === 'string')
        return { state: 'not_checked', reason: result, filesChecked: 0 };
      const { note, ...checked } = result;
      const said = [note, refusedNote().reason].filter(Boolean).join('; ');
      return { state: 'checked', ...checked, ...(said ? { reason: said } : {}) };
    },
    async project(signal): Promise<ProjectOutcome | null> {
      const scan = scanPythonImports(root);
      const { files } = scan;
      if (!files.length) return null;
      const result = await withServer(signal, 'stat', async (connection) => {
        const out: Diagnostic[] = [];
        for (const file of files) out.push(...((await diskErrorsOf(connection, file)) ?? []));
        return out;
      });
      if (typeof result === 'string')
        return { state: 'not_checked', reason: result, filesChecked: 0 };
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
    },
    warm() {
      // Only where Python is certain to be asked (as TypeScript with a tsconfig.json): any other
      // project starts pyright on its first Python check.
      if (!PYTHON_PROJECT_FILES.some((name) => existsSync(path.join(root, name))))
        return Promise.resolve();
      warmPass ??= startWarming();
      return warmPass;
    },
    diskChanged(paths) {
      disk.noticed(paths);
      // pyright hears of it before the next module: the background pass starts again.
      if (warmPass && paths.some((p) => p.endsWith('.py') || p.endsWith('.pyi'))) rewarm();
    },
    memoryBytes() {
      return server && pid !== undefined ? readRssBytes(pid) : null;
    },
    async dispose() {
      warming?.abort();
      warming = undefined;
      warmPass = undefined;
      clearTimeout(rewarmTimer);
      const current = await server;
      server = undefined;
      if (!current || typeof current === 'string') return;
      try {
        await Promise.race([
          current.connection
            .sendRequest('shutdown')
            .then(() => current.connection.sendNotification('exit')),
          new Promise((r) => setTimeout(r, 300)),
        ]);
      } catch {
        // It is killed below either way.
      }
      stopServer(current);
    },
  };
}
