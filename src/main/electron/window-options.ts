// The main window's options, as a pure function so the hardening test asserts them without
// an Electron binary. Every web preference that widens what the page can do is pinned off.
import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  readonly preloadPath: string;
  readonly backgroundColor?: string;
  /** DevTools only outside a packaged app. */
  readonly devTools: boolean;
}

export function buildWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 480,
    minHeight: 360,
    title: 'Sluice',
    // Shown on ready-to-show so the first paint is the app, not a white flash.
    show: false,
    backgroundColor: input.backgroundColor ?? '#1e1e1e',
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: input.devTools,
      // Middle-click opens windows through a path setWindowOpenHandler does not see first.
      disableBlinkFeatures: 'Auxclick',
    },
  };
}
