// The engine behind the desktop window: the app database (Electron's better-sqlite3 build),
// the shared services and the contract dispatcher. app.ts imports this module dynamically,
// after the first window exists, so the window never waits for what the engine loads
// (the SDK, the tools, the symbol index; TypeScript itself loads only when a file is parsed).
// Electron's objects arrive as parameters: only app.ts imports electron.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { createDispatcher, sluiceContract, type Dispatcher } from '../../shared/contract';
import { createAppServices, type AppServices } from '../core/services/create-app-services';
import type { FolderPicker } from '../core/services/project-handlers';
import type { SecretStore } from '../core/services/secret-store';
import type { SluiceEmit } from '../core/services/event-emitter';
import { checkExternalUrl } from '../core/services/settings-handlers';
import { openAppDatabase } from '../core/store/app-database';
import { resolveSluiceHome } from '../core/workspace/sluice-home';
import { resolveElectronNativeBinding } from './native-binding';
import { shellCreateDiagnostics } from '../core/diagnostics/shell-diagnostics';
import { shellCreateTests } from '../core/test-runs/shell-tests';

export interface AppEngineInput {
  readonly appPath: string;
  readonly userData: string;
  readonly secrets: SecretStore;
  readonly pickFolder: FolderPicker;
  /** Opens an http(s) URL with the OS (app.ts checks the URL at the door; so does the engine). */
  readonly openExternal: (url: string) => Promise<void>;
  readonly emit: SluiceEmit;
  readonly report: (error: unknown) => void;
}

export interface AppEngine {
  readonly services: AppServices;
  readonly dispatch: Dispatcher;
  /** Stops the services, then closes the database. */
  shutdown(): Promise<void>;
}

export function startAppEngine(input: AppEngineInput): AppEngine {
  const nativeBinding = resolveElectronNativeBinding({
    appPath: input.appPath,
    electronVersion: process.versions.electron ?? '',
    platform: process.platform,
    arch: process.arch,
    exists: existsSync,
    readText: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null),
  });
  const home = resolveSluiceHome({
    env: process.env,
    platform: process.platform,
    homedir: os.homedir(),
    electronUserData: input.userData,
  });
  const db = openAppDatabase({ home, nativeBinding });
  try {
    const services = createAppServices({
      db,
      home,
      nativeBinding,
      env: process.env,
      secrets: input.secrets,
      pickFolder: input.pickFolder,
      // Checked again at the door: only http(s) ever reaches the OS URL handler.
      openExternal: (url) => input.openExternal(checkExternalUrl(url)),
      emit: input.emit,
      onBackgroundError: input.report,
      createDiagnostics: shellCreateDiagnostics,
      createTests: shellCreateTests,
    });
    return {
      services,
      dispatch: createDispatcher(sluiceContract, services.handlers),
      async shutdown() {
        try {
          await services.shutdown();
        } finally {
          db.close();
        }
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
