// A stand-in for the `electron` module, enough for out/main/index.js to start under plain
// Node. When the first window is created it prints one line
//   SLUICE_STUB {"event":"window","ms":…,"packages":[…]}
// (ms since the process started; packages loaded so far: ES imports from the hooks' log and
// CommonJS requires from require.cache), then calls the `settings.get` IPC handler as the
// window's own frame would and prints {"event":"engine","ms":…,"ok":…,"packages":[…]} when
// the answer arrives (the engine loads after the window), and exits.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const handlers = new Map();

// The app opens SQLite with an Electron build from <appPath>/out/native/electron; here Node's
// own build stands in for it, under a made-up Electron version, in a folder of the caller's.
const STUB_ELECTRON_VERSION = '0.0.0-stub';
const stubRoot =
  process.env.SLUICE_STUB_USER_DATA ?? path.join(os.tmpdir(), `sluice-stub-${process.pid}`);
const appPath = path.join(stubRoot, 'app');
const nativeDir = path.join(appPath, 'out', 'native', 'electron');
mkdirSync(nativeDir, { recursive: true });
try {
  symlinkSync(
    path.join(
      path.dirname(require.resolve('better-sqlite3/package.json')),
      'build',
      'Release',
      'better_sqlite3.node',
    ),
    path.join(nativeDir, 'better_sqlite3.node'),
  );
} catch (error) {
  if (error.code !== 'EEXIST') throw error;
}
writeFileSync(
  path.join(nativeDir, 'build-info.json'),
  JSON.stringify({
    electron: STUB_ELECTRON_VERSION,
    platform: process.platform,
    arch: process.arch,
  }),
);
process.versions.electron = STUB_ELECTRON_VERSION;

function packageOf(file) {
  const parts = file.split('/node_modules/').pop().split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function loadedPackages() {
  const files = Object.keys(require.cache);
  const log = process.env.SLUICE_STUB_LOG;
  if (log) {
    try {
      files.push(...readFileSync(log, 'utf8').split('\n').filter(Boolean));
    } catch {
      // Nothing logged yet.
    }
  }
  const names = new Set(files.filter((f) => f.includes('/node_modules/')).map(packageOf));
  return [...names].sort();
}

function say(event) {
  process.stdout.write(`SLUICE_STUB ${JSON.stringify(event)}\n`);
}

const noop = () => undefined;
const events = { on: noop, once: noop, off: noop, removeListener: noop };

export const app = {
  ...events,
  isPackaged: true,
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  getAppPath: () => appPath,
  getPath: () => path.join(stubRoot, 'user-data'),
  quit: () => process.exit(0),
  exit: (code) => process.exit(code),
};

export const session = {
  defaultSession: {
    webRequest: { onHeadersReceived: noop },
    setPermissionRequestHandler: noop,
    setPermissionCheckHandler: noop,
    setDevicePermissionHandler: noop,
    on: noop,
  },
};

export const ipcMain = {
  handle: (channel, handler) => handlers.set(channel, handler),
  removeHandler: (channel) => handlers.delete(channel),
};

export const Menu = { buildFromTemplate: (template) => template, setApplicationMenu: noop };
export const dialog = {
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showErrorBox: (title, message) => process.stderr.write(`${title}: ${message}\n`),
};
export const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('no safeStorage in the stub');
  },
  decryptString: () => {
    throw new Error('no safeStorage in the stub');
  },
  getSelectedStorageBackend: () => 'basic_text',
};
export const shell = { openExternal: async () => undefined };

let windows = 0;

export class BrowserWindow {
  static getAllWindows() {
    return [];
  }

  constructor() {
    windows += 1;
    this.mainFrame = { url: 'about:blank', parent: null, processId: 1, routingId: 1 };
    this.webContents = {
      ...events,
      mainFrame: this.mainFrame,
      send: noop,
      isDestroyed: () => false,
    };
    if (windows === 1) {
      say({ event: 'window', ms: performance.now(), packages: loadedPackages() });
      setImmediate(() => void this.callEngine());
    }
  }

  async callEngine() {
    const handler = handlers.get('settings.get');
    if (!handler) {
      say({ event: 'engine', ms: performance.now(), ok: false, error: 'no settings.get handler' });
      process.exit(1);
    }
    const result = await handler({ senderFrame: this.mainFrame }, {});
    say({
      event: 'engine',
      ms: performance.now(),
      ok: result.ok === true,
      packages: loadedPackages(),
    });
    process.exit(result.ok === true ? 0 : 1);
  }

  loadFile(file) {
    this.mainFrame.url = pathToFileURL(file).href;
    return Promise.resolve();
  }

  loadURL(url) {
    this.mainFrame.url = url;
    return Promise.resolve();
  }

  on() {
    return this;
  }

  once() {
    return this;
  }

  show() {}

  isMinimized() {
    return false;
  }

  restore() {}

  focus() {}
}

export default {
  app,
  session,
  ipcMain,
  Menu,
  dialog,
  safeStorage,
  shell,
  BrowserWindow,
};
