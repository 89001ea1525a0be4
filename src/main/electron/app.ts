// Composition root of the desktop app: the only file that imports electron at run time.
// Order matters: single-instance lock, then (after ready) session guards and CSP, IPC, the
// window, and only then the engine (app-engine.ts: database, services, and through them the
// SDK and the tools), imported dynamically so the first window never waits for it. IPC calls
// that arrive before the engine is up wait for it. tests/main/electron/main-bundle-startup.test.ts
// holds the built bundle to this: no TypeScript and no SDK before the first window.
import { app, BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell } from 'electron';
import path from 'node:path';
import { checkExternalUrl } from '../core/services/settings-handlers';
import type { AppEngine } from './app-engine';
import { buildMenuTemplate } from './app-menu';
import { buildContentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy';
import { createFolderPicker } from './folder-picker';
import { createWindowEventSender, registerContractIpc } from './ipc';
import { installNavigationGuards, installSessionGuards } from './navigation-guards';
import { resolveRendererEntry, type RendererEntry } from './renderer-entry';
import { createSafeStorageSecretStore } from './safe-storage-secret-store';
import { createSenderCheck } from './sender-policy';
import { buildWindowOptions } from './window-options';

// The built main bundle is out/main/index.js; preload and renderer sit beside it.
const mainDir = __dirname;
let mainWindow: BrowserWindow | null = null;

function report(error: unknown): void {
  // Never log payloads: they may hold file contents or the key. Errors only.
  console.error(
    '[sluice]',
    error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  );
}

function createMainWindow(entry: RendererEntry): BrowserWindow {
  const options = buildWindowOptions({
    preloadPath: path.join(mainDir, '..', 'preload', 'index.cjs'),
    devTools: !app.isPackaged,
  });
  const window = new BrowserWindow({
    ...options,
    // Restated as a literal so static checkers (Electronegativity) see them at the call;
    // the hardening test pins every value of buildWindowOptions.
    webPreferences: {
      ...options.webPreferences,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  if (entry.kind === 'dev') void window.loadURL(entry.url);
  else void window.loadFile(entry.file);
  return window;
}

function focusMainWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

/** Resolves once the window exists and the engine is running; rejects if it cannot start. */
async function start(): Promise<void> {
  const entry = resolveRendererEntry({ isPackaged: app.isPackaged, env: process.env, mainDir });
  const csp = buildContentSecurityPolicy(
    entry.kind === 'dev' ? { devServerOrigin: new URL(entry.url).origin } : {},
  );
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, csp) });
  });
  installSessionGuards(session.defaultSession);

  let engine: Promise<AppEngine> | null = null;
  const whenEngine = (): Promise<AppEngine> => {
    if (!engine) throw new Error('The Sluice engine has not been started.');
    return engine;
  };
  registerContractIpc({
    ipcMain,
    dispatch: async (channel, payload) => (await whenEngine()).dispatch(channel, payload),
    isTrustedSender: createSenderCheck({
      mainFrame: () => mainWindow?.webContents.mainFrame ?? null,
      entry,
    }),
    onForbidden: (channel, url) =>
      report(new Error(`Refused ${channel} from a foreign frame (${url}).`)),
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        devTools: !app.isPackaged,
        onOpenFolder: () => {
          void (async () => {
            const { services } = await whenEngine();
            const folder = await services.handlers.project.pickFolder({});
            if (folder.path) await services.handlers.project.open({ path: folder.path });
          })().catch(report);
        },
      }),
    ),
  );

  mainWindow = createMainWindow(entry);
  engine = import('./app-engine').then(({ startAppEngine }) =>
    startAppEngine({
      appPath: app.getAppPath(),
      userData: app.getPath('userData'),
      secrets: createSafeStorageSecretStore(safeStorage, process.platform),
      pickFolder: createFolderPicker(dialog, () => mainWindow),
      // Checked again at the door: only http(s) ever reaches the OS URL handler.
      openExternal: (url) => shell.openExternal(checkExternalUrl(url)),
      emit: createWindowEventSender(() => mainWindow?.webContents ?? null, report),
      report,
    }),
  );
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow(entry);
  });

  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void whenEngine()
      .then((running) => running.shutdown())
      .catch(report)
      .finally(() => app.quit());
  });
  await engine;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', focusMainWindow);
  // Every webContents, including any created later, gets the guards before it loads.
  app.on('web-contents-created', (_event, contents) => installNavigationGuards(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      report(error);
      dialog.showErrorBox(
        'Sluice could not start',
        error instanceof Error ? error.message : String(error),
      );
      app.exit(1);
    });
}
