// Python through pyright's language server (its `langserver` entry over stdio, vscode-jsonrpc
// as the client), started on first use, kept warm, stopped on dispose. The proposed texts go
// to pyright as open documents (didOpen/didChange), never to disk; pyright reads the project's
// pyrightconfig.json / pyproject.toml from the workspace root itself. Errors come from pull
// diagnostics (`textDocument/diagnostic`), which analyses the document's current version on
// request, so "before" and "after" never mix. One check at a time: the open documents are
// pyright's state.
// A deleted file is shown to pyright as an empty module (it cannot be told the file is gone).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { lineTextAt } from './diagnostic-comparison';
import type { ProposedFileChange } from './diagnostics-port';
import type { LanguageChecker, LanguageOutcome, ProjectOutcome } from './language-checker';
import { affectedPythonFiles, scanPythonImports } from './python-importers';
import { readRssBytes } from './process-memory';

const START_TIMEOUT_MS = 60_000;
/** Cap of pyright's V8 heap (its own process); it says so and exits when it is reached. */
export const DEFAULT_PYRIGHT_HEAP_MB = 3072;

export interface PyrightLanguageOptions {
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort;
  readonly env?: NodeJS.ProcessEnv;
  readonly maxHeapMb?: number;
}

interface LspDiagnostic {
  range: { start: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  message: string;
}

interface Server {
  readonly child: ChildProcess;
  readonly connection: MessageConnection;
  /** Settles with a reason when the server process ends. */
  readonly exited: Promise<string>;
}

export function createPyrightLanguage(options: PyrightLanguageOptions): LanguageChecker {
  const { root } = options;
  const maxHeapMb = options.maxHeapMb ?? DEFAULT_PYRIGHT_HEAP_MB;
  let server: Promise<Server | string> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let pid: number | undefined;
  const uriOf = (relative: string): string =>
    pathToFileURL(path.join(root, ...relative.split('/'))).href;
  const readDisk = (relative: string): string | null => {
    try {
      return readFileSync(path.join(root, ...relative.split('/')), 'utf8');
    } catch {
      return null;
    }
  };

  const start = (): Promise<Server | string> =>
    new Promise((resolve) => {
      let entry: string;
      try {
        entry = createRequire(import.meta.url).resolve('pyright/langserver.index.js');
      } catch {
        resolve('not checked: pyright is not installed');
        return;
      }
      // process.execPath is Electron's binary in the app: ELECTRON_RUN_AS_NODE makes it Node.
      const child = spawn(
        process.execPath,
        [`--max-old-space-size=${maxHeapMb}`, entry, '--stdio'],
        {
          cwd: root,
          env: { ...(options.env ?? process.env), ELECTRON_RUN_AS_NODE: '1' },
          stdio: ['pipe', 'pipe', 'ignore'],
        },
      );
      const connection = createMessageConnection(
        new StreamMessageReader(child.stdout as NonNullable<typeof child.stdout>),
        new StreamMessageWriter(child.stdin as NonNullable<typeof child.stdin>),
      );
      // pyright asks for its settings; null means "the defaults and the project's config file".
      connection.onRequest('workspace/configuration', (params: { items?: unknown[] }) =>
        (params.items ?? []).map(() => null),
      );
      connection.onRequest('client/registerCapability', () => null);
      connection.onRequest('window/workDoneProgress/create', () => null);
      connection.onNotification(() => undefined);
      connection.onError(() => undefined);
      connection.listen();
      let settled = false;
      const fail = (why: string): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill();
        resolve(why);
      };
      child.once('error', (error) => fail(`pyright could not start (${error.message})`));
      child.once('exit', (code) => {
        server = undefined;
        pid = undefined;
        fail(`pyright stopped before it was ready (exit code ${String(code)})`);
      });
      const timer = setTimeout(() => fail('pyright did not start within 60 s'), START_TIMEOUT_MS);
      void (async () => {
        try {
          await connection.sendRequest('initialize', {
            processId: process.pid,
            rootUri: pathToFileURL(root).href,
            workspaceFolders: [{ uri: pathToFileURL(root).href, name: path.basename(root) }],
            capabilities: {
              workspace: { configuration: true, workspaceFolders: true },
              textDocument: {
                diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
                publishDiagnostics: {},
                synchronization: { didSave: false },
              },
            },
          });
          void connection.sendNotification('initialized', {});
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          pid = child.pid;
          const exited = new Promise<string>((done) =>
            child.once('exit', () => done('pyright stopped during the check')),
          );
          resolve({ child, connection, exited });
        } catch (error) {
          fail(
            `pyright could not start (${error instanceof Error ? error.message : String(error)})`,
          );
        }
      })();
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

  /** Runs one job on the server, one at a time; a dead or missing server is a reason. */
  const withServer = <T>(
    signal: AbortSignal,
    job: (connection: MessageConnection) => Promise<T>,
  ): Promise<T | string> => {
    const run = async (): Promise<T | string> => {
      if (signal.aborted) return 'the check was cancelled';
      server ??= start();
      const ready = await server;
      if (typeof ready === 'string') {
        server = undefined;
        return ready;
      }
      let onAbort = (): void => undefined;
      const aborted = new Promise<string>((resolve) => {
        onAbort = () => resolve('the check was cancelled');
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        return await Promise.race([job(ready.connection), ready.exited, aborted]);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };

  const importersOf = (): ((file: string) => Iterable<string>) => {
    if (options.symbolIndex) {
      const index = options.symbolIndex;
      return (file) => {
        try {
          return index.findImporters(file).map((i) => i.path);
        } catch {
          return [];
        }
      };
    }
    const scan = scanPythonImports(root);
    return (file) => scan.importers.get(file) ?? [];
  };

  return {
    language: 'python',
    owns: (file) => file.endsWith('.py') || file.endsWith('.pyi'),
    async check(changes: readonly ProposedFileChange[], signal): Promise<LanguageOutcome> {
      const result = await withServer(signal, async (connection) => {
        const changed = changes.map((c) => c.path);
        const affected = affectedPythonFiles(changed, importersOf());
        const after = new Map(changes.map((c) => [c.path, c.after ?? '']));
        const opened: string[] = [];
        const before: Diagnostic[] = [];
        const afterDiagnostics: Diagnostic[] = [];
        try {
          for (const file of affected) {
            const disk = readDisk(file);
            if (disk === null) continue;
            await connection.sendNotification('textDocument/didOpen', {
              textDocument: { uri: uriOf(file), languageId: 'python', version: 1, text: disk },
            });
            opened.push(file);
          }
          for (const file of opened)
            before.push(...(await pull(connection, file, readDisk(file) ?? '')));
          for (const [file, text] of after) {
            if (opened.includes(file))
              await connection.sendNotification('textDocument/didChange', {
                textDocument: { uri: uriOf(file), version: 2 },
                contentChanges: [{ text }],
              });
            else {
              await connection.sendNotification('textDocument/didOpen', {
                textDocument: { uri: uriOf(file), languageId: 'python', version: 2, text },
              });
              opened.push(file);
            }
          }
          for (const file of affected) {
            const text = after.has(file) ? (after.get(file) ?? '') : readDisk(file);
            if (text === null) continue;
            afterDiagnostics.push(...(await pull(connection, file, text)));
          }
        } finally {
          for (const file of opened)
            await connection.sendNotification('textDocument/didClose', {
              textDocument: { uri: uriOf(file) },
            });
        }
        return { before, after: afterDiagnostics, filesChecked: affected.length };
      });
      if (typeof result === 'string')
        return { state: 'not_checked', reason: result, filesChecked: 0 };
      return { state: 'checked', ...result };
    },
    async project(signal): Promise<ProjectOutcome | null> {
      const scan = scanPythonImports(root);
      const { files } = scan;
      if (!files.length) return null;
      const result = await withServer(signal, async (connection) => {
        const out: Diagnostic[] = [];
        for (const file of files) {
          const text = readDisk(file);
          if (text === null) continue;
          await connection.sendNotification('textDocument/didOpen', {
            textDocument: { uri: uriOf(file), languageId: 'python', version: 1, text },
          });
          try {
            out.push(...(await pull(connection, file, text)));
          } finally {
            await connection.sendNotification('textDocument/didClose', {
              textDocument: { uri: uriOf(file) },
            });
          }
        }
        return out;
      });
      if (typeof result === 'string')
        return { state: 'not_checked', reason: result, filesChecked: 0 };
      return {
        state: 'checked',
        diagnostics: result,
        filesChecked: files.length,
        ...(scan.truncated
          ? { reason: `only the first ${files.length} Python files were checked` }
          : {}),
      };
    },
    memoryBytes() {
      return server && pid !== undefined ? readRssBytes(pid) : null;
    },
    async dispose() {
      const current = await server;
      server = undefined;
      if (!current || typeof current === 'string') return;
      try {
        await Promise.race([
          current.connection
            .sendRequest('shutdown')
            .then(() => current.connection.sendNotification('exit')),
          new Promise((r) => setTimeout(r, 2000)),
        ]);
      } catch {
        // It is killed below either way.
      }
      current.connection.dispose();
      current.child.kill();
    },
  };
}
