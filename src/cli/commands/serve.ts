// `sluice serve --project DIR [--port P]`: browser mode. The same engine as the Electron app
// (createAppServices) and the same renderer bundle, over a WebSocket on 127.0.0.1 that
// carries the contract. Runs until SIGINT/SIGTERM.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDispatcher, sluiceContract, type SluiceEventName } from '../../shared/contract';
import { startBrowserServer } from '../../main/core/browser-mode/browser-server';
import { createAppServices } from '../../main/core/services/create-app-services';
import { createUnavailableSecretStore } from '../../main/core/services/secret-store';
import { openAppDatabase } from '../../main/core/store/app-database';
import { ensureSluiceHome, resolveSluiceHome } from '../../main/core/workspace/sluice-home';
import { ExitCode, UsageError, type CliIo } from '../cli-io';
import { defineVerb, parseVerbArgs, PROJECT_OPTION, type VerbValues } from '../define-verb';
import { oneLine } from '../one-line-text';
import { projectFolder } from '../project-context';
import { outsideLine } from '../terminal-safe-text';
import { shellCreateDiagnostics } from '../../main/core/diagnostics/shell-diagnostics';
import { shellCreateTests } from '../../main/core/test-runs/shell-tests';

const SERVE_OPTIONS = {
  project: PROJECT_OPTION,
  port: {
    type: 'string',
    value: 'P',
    help: 'the port on 127.0.0.1 (0: any free port)',
    defaultText: '0',
  },
} as const;

/** The built renderer: `out/renderer` of the package this file belongs to. */
export function findRendererBundle(from: string = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'sluice') {
          return path.join(dir, 'out', 'renderer');
        }
      } catch {
        // Not our manifest; keep walking up.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the Sluice package folder (out/renderer).');
    dir = parent;
  }
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${value}".`);
  }
  return Number(value);
}

export interface ServeHandle {
  readonly url: string;
  /** The opened project's root (its real path). */
  readonly root: string;
  close(): Promise<void>;
}

/** Starts browser mode and resolves once it listens; the verb keeps it up until a signal. */
export async function startServe(io: CliIo, args: string[]): Promise<ServeHandle> {
  return serveProject(io, parseVerbArgs(SERVE_OPTIONS, args).values);
}

async function serveProject(
  io: CliIo,
  values: VerbValues<typeof SERVE_OPTIONS>,
): Promise<ServeHandle> {
  const port = parsePort(values.port);
  const projectPath = projectFolder(io, values.project);
  if (!existsSync(projectPath))
    throw new UsageError(
      `${values.project === undefined ? 'the project' : `--project ${oneLine(values.project)}`}: no such folder.`,
    );

  const home = ensureSluiceHome(
    resolveSluiceHome({
      env: io.env,
      platform: process.platform,
      homedir: os.homedir(),
      cwd: io.cwd,
    }),
  );
  const db = openAppDatabase({ home });
  const listeners = new Set<(event: string, payload: unknown) => void>();
  const services = createAppServices({
    db,
    home,
    env: io.env,
    // A browser tab has no OS keychain of ours: a key typed in Settings lives for this run only.
    secrets: createUnavailableSecretStore(
      'browser mode keeps a key typed in Settings for this run only; set ANTHROPIC_API_KEY to keep one',
    ),
    pickFolder: () =>
      Promise.reject(new Error('Browser mode has no folder dialog: type the folder path instead.')),
    // The browser may be on another machine than this server: the renderer opens links itself.
    openExternal: () =>
      Promise.reject(new Error('Browser mode opens links in the browser itself.')),
    emit: (event: SluiceEventName, payload: unknown) => {
      for (const listener of listeners) listener(event, payload);
    },
    onBackgroundError: (error) =>
      io.stderr.write(
        `sluice serve: ${outsideLine(error instanceof Error ? error.message : String(error))}\n`,
      ),
    createDiagnostics: shellCreateDiagnostics,
    createTests: shellCreateTests,
  });
  try {
    const project = await services.handlers.project.open({ path: projectPath });
    const server = await startBrowserServer({
      dispatcher: createDispatcher(sluiceContract, services.handlers),
      staticDir: findRendererBundle(),
      port,
      subscribeEvents(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    return {
      url: server.url,
      root: project.root,
      async close() {
        await server.close();
        await services.shutdown();
        db.close();
      },
    };
  } catch (error) {
    await services.shutdown();
    db.close();
    throw error;
  }
}

export default defineVerb({
  name: 'serve',
  options: SERVE_OPTIONS,
  async run({ io, values }) {
    const handle = await serveProject(io, values);
    io.stdout.write(`Sluice is serving ${outsideLine(handle.root)}\n`);
    io.stdout.write(`Open ${handle.url}\n`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await handle.close();
    return ExitCode.Ok;
  },
});
