import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate } from '../../../src/main/electron/app-menu';
import { createFolderPicker } from '../../../src/main/electron/folder-picker';

const flatten = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);

describe('buildMenuTemplate', () => {
  it('File > Open Folder… calls the open-folder action', () => {
    const onOpenFolder = vi.fn();
    const items = flatten(buildMenuTemplate({ platform: 'linux', devTools: false, onOpenFolder }));
    const open = items.find((item) => item.label === 'Open Folder…');
    (open?.click as () => void)();
    expect(onOpenFolder).toHaveBeenCalledOnce();
    expect(open?.accelerator).toBe('CmdOrCtrl+O');
  });

  it('DevTools and reload only when devTools is on; app menu only on macOS', () => {
    const roles = (devTools: boolean, platform: NodeJS.Platform) =>
      flatten(buildMenuTemplate({ platform, devTools, onOpenFolder: () => undefined })).map(
        (item) => item.role,
      );
    expect(roles(false, 'linux')).not.toContain('toggleDevTools');
    expect(roles(false, 'linux')).not.toContain('reload');
    expect(roles(true, 'linux')).toContain('toggleDevTools');
    expect(roles(false, 'linux')).not.toContain('appMenu');
    expect(roles(false, 'darwin')).toContain('appMenu');
  });
});

describe('createFolderPicker', () => {
  it('returns the chosen folder, or null when cancelled', async () => {
    const showOpenDialog = vi
      .fn()
      .mockResolvedValueOnce({ canceled: false, filePaths: ['/chosen'] })
      .mockResolvedValueOnce({ canceled: true, filePaths: [] });
    const pick = createFolderPicker({ showOpenDialog } as never, () => null);
    expect(await pick()).toBe('/chosen');
    expect(await pick()).toBeNull();
    expect(showOpenDialog.mock.calls[0]![0]).toMatchObject({
      properties: expect.arrayContaining(['openDirectory']),
    });
  });
});
