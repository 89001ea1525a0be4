import { describe, expect, it } from 'vitest';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ensureSluiceHome,
  resolveSluiceHome,
  SluiceHomeError,
} from '../../../../src/main/core/workspace/sluice-home';
import { makeTempHome } from '../store/temp-home';

describe('resolveSluiceHome', () => {
  it('SLUICE_HOME wins over everything - even the Electron userData folder', () => {
    expect(
      resolveSluiceHome({
        env: { SLUICE_HOME: '/data/s' },
        platform: 'linux',
        homedir: '/home/u',
        electronUserData: '/ud',
      }),
    ).toBe('/data/s');
  });

  it('resolves a relative SLUICE_HOME against cwd', () => {
    expect(
      resolveSluiceHome({
        env: { SLUICE_HOME: 'rel/h' },
        platform: 'linux',
        homedir: '/home/u',
        cwd: '/work',
      }),
    ).toBe('/work/rel/h');
  });

  it('refuses a SLUICE_HOME with a NUL byte - names the variable', () => {
    expect(() =>
      resolveSluiceHome({ env: { SLUICE_HOME: 'a\u0000b' }, platform: 'linux', homedir: '/h' }),
    ).toThrow(/SLUICE_HOME contains a NUL byte/);
  });

  it('uses the Electron userData folder when given and no SLUICE_HOME', () => {
    expect(
      resolveSluiceHome({
        env: {},
        platform: 'darwin',
        homedir: '/Users/u',
        electronUserData: '/ud/Sluice',
      }),
    ).toBe('/ud/Sluice');
  });

  it('linux CLI default - ~/.local/share/sluice', () => {
    expect(resolveSluiceHome({ env: {}, platform: 'linux', homedir: '/home/u' })).toBe(
      '/home/u/.local/share/sluice',
    );
  });

  it('linux honours an absolute XDG_DATA_HOME and ignores a relative one', () => {
    expect(
      resolveSluiceHome({ env: { XDG_DATA_HOME: '/xdg' }, platform: 'linux', homedir: '/home/u' }),
    ).toBe('/xdg/sluice');
    expect(
      resolveSluiceHome({ env: { XDG_DATA_HOME: 'xdg' }, platform: 'linux', homedir: '/home/u' }),
    ).toBe('/home/u/.local/share/sluice');
  });

  it('macOS default - ~/Library/Application Support/Sluice', () => {
    expect(resolveSluiceHome({ env: {}, platform: 'darwin', homedir: '/Users/u' })).toBe(
      '/Users/u/Library/Application Support/Sluice',
    );
  });

  it('windows default - %APPDATA%\\Sluice, or the roaming folder under the home', () => {
    expect(
      resolveSluiceHome({
        env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' },
        platform: 'win32',
        homedir: 'C:\\Users\\u',
      }),
    ).toBe('C:\\Users\\u\\AppData\\Roaming\\Sluice');
    expect(resolveSluiceHome({ env: {}, platform: 'win32', homedir: 'C:\\Users\\u' })).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Sluice',
    );
  });

  it('without a home folder - asks for SLUICE_HOME', () => {
    expect(() => resolveSluiceHome({ env: {}, platform: 'linux', homedir: '' })).toThrow(
      SluiceHomeError,
    );
  });
});

describe('ensureSluiceHome', () => {
  it('creates the folder owner-only', () => {
    const temp = makeTempHome();
    try {
      const home = path.join(temp.home, 'a', 'b');
      ensureSluiceHome(home);
      expect(existsSync(home)).toBe(true);
      if (process.platform !== 'win32') expect(statSync(home).mode & 0o777).toBe(0o700);
    } finally {
      temp.cleanup();
    }
  });

  it('fails with a message naming the folder and SLUICE_HOME when it cannot create it', () => {
    const temp = makeTempHome();
    try {
      const file = path.join(temp.home, 'a-file');
      writeFileSync(file, 'x');
      expect(() => ensureSluiceHome(path.join(file, 'home'))).toThrow(
        /Cannot create the Sluice data folder .*SLUICE_HOME/,
      );
    } finally {
      temp.cleanup();
    }
  });
});
