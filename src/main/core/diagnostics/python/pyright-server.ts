// Starts pyright's language server confined: pyright runs the project's Python to
// find its search paths and reads whatever the project's files point at, so it runs with the
// project read-only, pyright's own folder and Node's shown read-only, HOME (its cache) private,
// no network and no secret. Errors pyright logs (its configuration file does not parse) are
// kept: it then checks with defaults, which is not the project's check.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { SandboxAvailability } from '../../sandbox/bubblewrap';
import {
  spawnConfined,
  type ConfinedExit,
  type ConfinedLimits,
} from '../../confinement/confined-process';
import { oneLine } from '../tool-words';
import { stoppedAtMemoryCeiling } from '../../../../shared/memory-ceiling-words';

const START_TIMEOUT_MS = 60_000;

export interface PyrightServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly connection: MessageConnection;
  /** Settles with a reason when the server process ends. */
  readonly exited: Promise<string>;
  /** Kills the confined server, its whole sandbox. */
  readonly kill: () => void;
  /** Errors pyright logged (its configuration); non-empty means nothing is checked. */
  readonly configErrors: readonly string[];
  /** The config files' state when the server started: a change restarts it. */
  readonly configStamp: string;
}

/**
 * What pyright logs as an error about the documents it was sent ("Received redundant open text
 * document command for …"), not about its configuration: the job that caused it is answered as
 * it is, and it never marks the server as misconfigured for every later check.
 */
const DOCUMENT_COMPLAINT = /^Received (redundant|change|close|open)\b/u;

export interface PyrightServerOptions {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  readonly limits: Required<ConfinedLimits>;
  readonly maxHeapMb: number;
  readonly sandbox?: SandboxAvailability | undefined;
  /** The person's Python install when it is under a hidden folder (person-python.ts). */
  readonly pythonFolders?: readonly string[];
  /** Called when the server process ends, whenever that is. */
  readonly onExit: () => void;
}

/** pyright's config files, by size and modification time: a change restarts the server. */
export function configFilesStamp(root: string): string {
  return ['pyrightconfig.json', 'pyproject.toml']
    .map((name) => {
      try {
        const info = statSync(path.join(root, name));
        return `${name}:${info.size}:${info.mtimeMs}`;
      } catch {
        return `${name}:-`;
      }
    })
    .join('|');
}

/** The pyright package folder of its entry file (node_modules/pyright). */
function packageFolderOf(entry: string): string {
  return path.dirname(realpathSync(entry));
}

function describeExit(exit: ConfinedExit, limits: Required<ConfinedLimits>): string {
  switch (exit.reason) {
    case 'memory':
      return stoppedAtMemoryCeiling(limits.memoryBytes);
    case 'cpu':
      return `it reached the checkers' CPU-time limit of ${limits.cpuSeconds} s`;
    case 'aborted':
    case 'killed':
      return 'it was stopped';
    case 'exited':
      return exit.code === null ? `signal ${exit.signal ?? 'unknown'}` : `exit code ${exit.code}`;
  }
}

/** The server ready for requests, or why it could not start (for "not checked: …"). */
export function startPyrightServer(options: PyrightServerOptions): Promise<PyrightServer | string> {
  const { root, limits, maxHeapMb } = options;
  return new Promise((resolve) => {
    let entry: string;
    try {
      entry = createRequire(import.meta.url).resolve('pyright/langserver.index.js');
    } catch {
      resolve('not checked: pyright is not installed');
      return;
    }
    const configStamp = configFilesStamp(root);
    // Confined: pyright runs the project's Python to find its search paths, and
    // reads whatever the project's files point at. The project read-only, pyright's own
    // folder and Node's shown read-only, HOME (its cache) private, no network, no secret.
    // process.execPath is Electron's binary in the app: ELECTRON_RUN_AS_NODE makes it Node.
    const heapMb = Math.min(maxHeapMb, Math.floor((limits.memoryBytes / (1024 * 1024)) * 0.8));
    const started = spawnConfined({
      root,
      argv: [process.execPath, `--max-old-space-size=${heapMb}`, entry, '--stdio'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
      readOnly: [
        path.dirname(process.execPath),
        packageFolderOf(entry),
        ...(options.pythonFolders ?? []),
      ],
      limits,
      baseEnv: options.env,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    });
    if (!started.ok) {
      resolve(started.reason);
      return;
    }
    const confined = started.process;
    const child = confined.child;
    child.stderr.resume();
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    // pyright asks for its settings; null means "the defaults and the project's config file".
    connection.onRequest('workspace/configuration', (params: { items?: unknown[] }) =>
      (params.items ?? []).map(() => null),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    const configErrors: string[] = [];
    // An error pyright logs (its config file does not parse, a bad setting): it then checks
    // with defaults, which is not the project's check; the outcome says so.
    connection.onNotification(
      'window/logMessage',
      (params: { type?: number; message?: string }) => {
        if (
          params.type === 1 &&
          params.message &&
          configErrors.length < 5 &&
          !DOCUMENT_COMPLAINT.test(params.message)
        )
          configErrors.push(oneLine(params.message, root));
      },
    );
    connection.onNotification(() => undefined);
    connection.onError(() => undefined);
    connection.listen();
    let settled = false;
    const fail = (why: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      confined.kill();
      resolve(why);
    };
    void confined.exited.then((exit) => {
      options.onExit();
      fail(`pyright stopped before it was ready (${describeExit(exit, limits)})`);
    });
    const timer = setTimeout(() => fail('pyright did not start within 60 s'), START_TIMEOUT_MS);
    void (async () => {
      try {
        await connection.sendRequest('initialize', {
          processId: null,
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
        // A server killed right after it answered (a ceiling, a dispose) makes this write
        // fail after the stream is gone: the exit is reported by `exited`, not as a rejection.
        connection.sendNotification('initialized', {}).catch(() => undefined);
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const exited = confined.exited.then(
          (exit) => `pyright stopped during the check (${describeExit(exit, limits)})`,
        );
        resolve({ child, connection, exited, kill: confined.kill, configErrors, configStamp });
      } catch (error) {
        fail(`pyright could not start (${error instanceof Error ? error.message : String(error)})`);
      }
    })();
  });
}
