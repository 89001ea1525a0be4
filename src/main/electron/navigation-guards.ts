// Locks every web page Electron creates to the app: no navigation away, no new windows, no
// <webview>, no permissions. Links reach the system browser only through the contract's
// settings.openExternal, after the person saw the URL and clicked. Handlers are exported so
// the hardening test calls them with fake events.
import type { Session, WebContents } from 'electron';

export interface PreventableEvent {
  preventDefault(): void;
}

/** will-navigate, will-redirect, will-frame-navigate: the page never leaves the app bundle. */
export function blockNavigation(event: PreventableEvent): void {
  event.preventDefault();
}

export function denyWindowOpen(): { action: 'deny' } {
  return { action: 'deny' };
}

export function blockWebviewAttach(event: PreventableEvent): void {
  event.preventDefault();
}

export function denyPermissionRequest(
  _webContents: unknown,
  _permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(false);
}

export function denyPermissionCheck(): boolean {
  return false;
}

export function denyDevicePermission(): boolean {
  return false;
}

/** Applies to every webContents (app.on('web-contents-created')), not only the main window. */
export function installNavigationGuards(contents: WebContents): void {
  contents.on('will-navigate', blockNavigation);
  contents.on('will-redirect', blockNavigation);
  contents.on('will-frame-navigate', blockNavigation);
  contents.on('will-attach-webview', blockWebviewAttach);
  contents.setWindowOpenHandler(denyWindowOpen);
}

export function installSessionGuards(session: Session): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  session.setPermissionCheckHandler(denyPermissionCheck);
  session.setDevicePermissionHandler(denyDevicePermission);
}
