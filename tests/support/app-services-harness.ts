// The app's services over the contract, as the shells build them, for suites that drive them
// through the dispatcher: a temp project with the files named, an app DB, the fake Messages
// server, every emitted event recorded, and the project opened.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDispatcher, sluiceContract, type Dispatcher } from '../../src/shared/contract';
import {
  createAppServices,
  type AppServices,
  type AppServicesDeps,
} from '../../src/main/core/services/create-app-services';
import { createUnavailableSecretStore } from '../../src/main/core/services/secret-store';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import type { WritableDb } from '../../src/main/core/store/database-handles';
import { startFakeAnthropicServer, type FakeAnthropicServer } from './fake-anthropic-server';

export interface AppServicesHarness {
  readonly project: string;
  readonly home: string;
  readonly db: WritableDb;
  readonly server: FakeAnthropicServer;
  readonly services: AppServices;
  readonly dispatch: Dispatcher;
  /** Every event the services emitted, in order. */
  readonly events: { event: string; payload: unknown }[];
  /** A contract call that throws with the channel's error message when it fails. */
  call<T>(channel: string, payload: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startAppServicesHarness(options: {
  /** Temp folder prefix, so a leftover names its suite. */
  readonly prefix: string;
  /** Project files (relative path → text). */
  readonly files: Readonly<Record<string, string>>;
  readonly createDiagnostics?: AppServicesDeps['createDiagnostics'];
  readonly createTests?: AppServicesDeps['createTests'];
}): Promise<AppServicesHarness> {
  const server = await startFakeAnthropicServer();
  const temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), options.prefix)));
  const project = path.join(temp, 'proj');
  const home = path.join(temp, 'home');
  for (const [relative, text] of Object.entries(options.files)) {
    mkdirSync(path.dirname(path.join(project, relative)), { recursive: true });
    writeFileSync(path.join(project, relative), text);
  }
  const db = openAppDatabase({ home });
  const events: { event: string; payload: unknown }[] = [];
  const services = createAppServices({
    db,
    home,
    indexHome: null,
    env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL },
    secrets: createUnavailableSecretStore('test'),
    pickFolder: async () => project,
    openExternal: async () => undefined,
    emit: (event, payload) => events.push({ event, payload }),
    onBackgroundError: (error) => {
      throw error;
    },
    ...(options.createDiagnostics ? { createDiagnostics: options.createDiagnostics } : {}),
    ...(options.createTests ? { createTests: options.createTests } : {}),
  });
  const dispatch = createDispatcher(sluiceContract, services.handlers);
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await dispatch(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  await call('project.open', { path: project });
  return {
    project,
    home,
    db,
    server,
    services,
    dispatch,
    events,
    call,
    async close() {
      await services.shutdown();
      db.close();
      await server.close();
      rmSync(temp, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it holds; fails after 10 s naming what it waited for. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
