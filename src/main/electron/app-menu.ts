// The application menu as data; app.ts turns it into a Menu.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuInput {
  readonly platform: NodeJS.Platform;
  readonly devTools: boolean;
  readonly onOpenFolder: () => void;
}

export function buildMenuTemplate(input: MenuInput): MenuItemConstructorOptions[] {
  const isMac = input.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (input.devTools)
    view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => input.onOpenFolder() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
