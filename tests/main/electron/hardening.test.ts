// Issue 7 item 4: the Electron hardening, checked without an Electron binary. The pure
// modules take Electron's objects as parameters, so fakes stand in for them here.
import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IpcMain, Session, WebContents } from 'electron';
import { buildWindowOptions } from '../../../src/main/electron/window-options';
import {
  buildContentSecurityPolicy,
  withContentSecurityPolicy,
} from '../../../src/main/electron/content-security-policy';
import {
  blockNavigation,
  blockWebviewAttach,
  denyPermissionCheck,
  denyPermissionRequest,
  denyWindowOpen,
  installNavigationGuards,
  installSessionGuards,
} from '../../../src/main/electron/navigation-guards';
import { createSenderCheck, type SenderFrame } from '../../../src/main/electron/sender-policy';
import {
  createIpcHandler,
  registerContractIpc,
  FORBIDDEN_SENDER,
  createWindowEventSender,
} from '../../../src/main/electron/ipc';
import {
  resolveRendererEntry,
  type RendererEntry,
} from '../../../src/main/electron/renderer-entry';
import { ContractErrorName, listContractChannelsOf } from './contract-channels';
import { EVENT_CHANNEL } from '../../../src/shared/contract/preload-bridge';

const preventable = () => ({ preventDefault: vi.fn() });

describe('buildWindowOptions', () => {
  const prefs = buildWindowOptions({
    preloadPath: '/app/out/preload/index.cjs',
    devTools: false,
  }).webPreferences!;

  it('isolates the page - contextIsolation, sandbox, no node, web security on', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
  });

  it('pins off webview, experimental features and drag-drop navigation; uses the given preload', () => {
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs.devTools).toBe(false);
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });
});

describe('buildContentSecurityPolicy', () => {
  const directives = (csp: string) =>
    new Map(
      csp.split(';').map((part) => {
        const [name, ...sources] = part.trim().split(/\s+/);
        return [name!, sources] as const;
      }),
    );

  it('production - only the app itself; no remote scripts, images or connections', () => {
    const csp = directives(buildContentSecurityPolicy());
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    for (const name of ['object-src', 'frame-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(csp.get(name)).toEqual(["'none'"]);
    }
    expect(buildContentSecurityPolicy()).not.toMatch(/https?:|\*|unsafe-eval/);
  });

  it('dev server - allows only the inline preamble and its HMR socket', () => {
    const csp = directives(
      buildContentSecurityPolicy({ devServerOrigin: 'http://localhost:5173' }),
    );
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
  });

  it('withContentSecurityPolicy - replaces a server policy under any spelling', () => {
    const headers = withContentSecurityPolicy(
      { 'content-security-policy': ['default-src *'], 'X-Other': 'y' },
      "default-src 'self'",
    );
    expect(headers).toEqual({
      'X-Other': ['y'],
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });
});

describe('navigation guards', () => {
  it('navigation, redirects and webview attach are prevented', () => {
    const nav = preventable();
    blockNavigation(nav);
    expect(nav.preventDefault).toHaveBeenCalledOnce();
    const webview = preventable();
    blockWebviewAttach(webview);
    expect(webview.preventDefault).toHaveBeenCalledOnce();
  });

  it('window.open is denied and permissions are refused', () => {
    expect(denyWindowOpen()).toEqual({ action: 'deny' });
    const callback = vi.fn();
    denyPermissionRequest(null, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(denyPermissionCheck()).toBe(false);
  });

  it('installNavigationGuards - every risky webContents event is handled, window.open denied', () => {
    const listeners = new Map<string, (event: { preventDefault(): void }) => void>();
    let openHandler: ((details: { url: string }) => unknown) | undefined;
    const contents = {
      on: (event: string, listener: (event: { preventDefault(): void }) => void) =>
        listeners.set(event, listener),
      setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => {
        openHandler = handler;
      },
    } as unknown as WebContents;
    installNavigationGuards(contents);
    for (const name of [
      'will-navigate',
      'will-redirect',
      'will-frame-navigate',
      'will-attach-webview',
    ]) {
      const event = preventable();
      listeners.get(name)!(event);
      expect(event.preventDefault, name).toHaveBeenCalledOnce();
    }
    expect(openHandler!({ url: 'https://evil.test' })).toEqual({ action: 'deny' });
  });

  it('installSessionGuards - request, check and device handlers all deny', () => {
    const installed: Record<string, (...args: unknown[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (h: (...args: unknown[]) => unknown) => (installed.request = h),
      setPermissionCheckHandler: (h: (...args: unknown[]) => unknown) => (installed.check = h),
      setDevicePermissionHandler: (h: (...args: unknown[]) => unknown) => (installed.device = h),
    } as unknown as Session;
    installSessionGuards(session);
    const callback = vi.fn();
    installed.request!(null, 'geolocation', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(installed.check!(null, 'notifications', 'file://')).toBe(false);
    expect(installed.device!({})).toBe(false);
  });
});

describe('IPC sender check', () => {
  const file = path.resolve('/app/out/renderer/index.html');
  const entry: RendererEntry = { kind: 'file', file };
  const appUrl = `${pathToFileURL(file).href}#/chat`;
  const top: SenderFrame = { url: appUrl, parent: null, processId: 4, routingId: 1 };
  const frame = (url: string, ids = { processId: 4, routingId: 1 }): SenderFrame => ({
    url,
    parent: null,
    ...ids,
  });
  const check = createSenderCheck({ mainFrame: () => top, entry });

  it('accepts the main window top frame on the app page', () => {
    expect(check(top)).toBe(true);
  });

  it('accepts a fresh wrapper of the same frame (same process and routing id)', () => {
    expect(check(frame(appUrl))).toBe(true);
  });

  it('rejects a subframe, another window, a foreign URL and a destroyed frame', () => {
    expect(check({ ...frame(appUrl), parent: top } as SenderFrame)).toBe(false);
    expect(check(frame(appUrl, { processId: 4, routingId: 2 }))).toBe(false);
    expect(check(frame(appUrl, { processId: 5, routingId: 1 }))).toBe(false);
    const navigated = frame('https://evil.test/');
    expect(createSenderCheck({ mainFrame: () => navigated, entry })(navigated)).toBe(false);
    const otherFile = frame(pathToFileURL('/tmp/evil.html').href);
    expect(createSenderCheck({ mainFrame: () => otherFile, entry })(otherFile)).toBe(false);
    expect(check(null)).toBe(false);
    expect(createSenderCheck({ mainFrame: () => null, entry })(top)).toBe(false);
  });

  it('dev server - same origin only', () => {
    const dev: RendererEntry = { kind: 'dev', url: 'http://localhost:5173/' };
    const page = frame('http://localhost:5173/index.html');
    expect(createSenderCheck({ mainFrame: () => page, entry: dev })(page)).toBe(true);
    const other = frame('http://localhost:5174/');
    expect(createSenderCheck({ mainFrame: () => other, entry: dev })(other)).toBe(false);
  });

  it('a foreign sender gets ForbiddenSenderError and the dispatcher is never called', async () => {
    const dispatch = vi.fn(async () => ({ ok: true as const, value: 1 }));
    const onForbidden = vi.fn();
    const handler = createIpcHandler('project.open', {
      ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
      dispatch,
      isTrustedSender: check,
      onForbidden,
    });
    // Another window's top frame: its own ids, a foreign page.
    const foreign = {
      senderFrame: frame('https://evil.test/', { processId: 9, routingId: 1 }),
    } as never;
    const result = await handler(foreign, { path: '/' });
    expect(result).toEqual(FORBIDDEN_SENDER);
    expect(FORBIDDEN_SENDER).toMatchObject({
      ok: false,
      error: { name: ContractErrorName.ForbiddenSender },
    });
    expect(dispatch).not.toHaveBeenCalled();
    expect(onForbidden).toHaveBeenCalledWith('project.open', 'https://evil.test/');
    expect(await handler({ senderFrame: top } as never, { path: '/' })).toEqual({
      ok: true,
      value: 1,
    });
    expect(dispatch).toHaveBeenCalledWith('project.open', { path: '/' });
  });

  it('registerContractIpc - one handler per contract method, removable', () => {
    const handled: string[] = [];
    const removed: string[] = [];
    const ipcMain = {
      handle: (channel: string) => handled.push(channel),
      removeHandler: (channel: string) => removed.push(channel),
    } as unknown as Pick<IpcMain, 'handle' | 'removeHandler'>;
    const unregister = registerContractIpc({
      ipcMain,
      dispatch: vi.fn(),
      isTrustedSender: () => true,
    });
    expect(handled.sort()).toEqual(listContractChannelsOf().sort());
    expect(new Set(handled).size).toBe(handled.length);
    unregister();
    expect(removed.sort()).toEqual(handled.sort());
  });
});

describe('createWindowEventSender', () => {
  it('sends valid events on the event channel, drops invalid and unknown ones', () => {
    const sent: unknown[][] = [];
    const errors: unknown[] = [];
    const contents = { send: (...args: unknown[]) => sent.push(args), isDestroyed: () => false };
    const emit = createWindowEventSender(
      () => contents as never,
      (error) => errors.push(error),
    );
    emit('conversations.changed', { conversationId: 'c1' });
    emit('conversations.changed', { conversationId: 42 } as never);
    emit('nope' as never, {} as never);
    expect(sent).toEqual([
      [EVENT_CHANNEL, { event: 'conversations.changed', payload: { conversationId: 'c1' } }],
    ]);
    expect(errors).toHaveLength(2);
  });
});

describe('resolveRendererEntry', () => {
  it('packaged - always the bundled file, even with ELECTRON_RENDERER_URL set', () => {
    expect(
      resolveRendererEntry({
        isPackaged: true,
        env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' },
        mainDir: '/app/out/main',
      }),
    ).toEqual({
      kind: 'file',
      file: path.join('/app/out/renderer/index.html'),
    });
  });

  it('dev - the loopback dev server only', () => {
    expect(
      resolveRendererEntry({
        isPackaged: false,
        env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' },
        mainDir: '/a',
      }),
    ).toEqual({
      kind: 'dev',
      url: 'http://localhost:5173/',
    });
    expect(() =>
      resolveRendererEntry({
        isPackaged: false,
        env: { ELECTRON_RENDERER_URL: 'https://cdn.evil.test/' },
        mainDir: '/a',
      }),
    ).toThrow(/loopback dev server/);
  });
});
