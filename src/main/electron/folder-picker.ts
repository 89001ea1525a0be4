import type { BrowserWindow, Dialog } from 'electron';
import type { FolderPicker } from '../core/services/project-handlers';

/** The native "Open Folder" dialog, modal to the main window when there is one. */
export function createFolderPicker(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  window: () => BrowserWindow | null,
): FolderPicker {
  return async () => {
    const options = {
      title: 'Open a project folder',
      properties: ['openDirectory' as const, 'createDirectory' as const],
    };
    const parent = window();
    const result = parent
      ? await dialog.showOpenDialog(parent, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
}
