import { describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  NativeBindingError,
  resolveElectronNativeBinding,
} from '../../../src/main/electron/native-binding';

const dir = path.join('/app', 'out', 'native', 'electron');
const file = path.join(dir, 'better_sqlite3.node');
const info = JSON.stringify({
  electron: '45.4.1',
  betterSqlite3: '12.11.1',
  platform: 'linux',
  arch: 'x64',
});
const base = { appPath: '/app', electronVersion: '45.4.1', platform: 'linux', arch: 'x64' };

describe('resolveElectronNativeBinding', () => {
  it('returns the Electron build when it matches this Electron', () => {
    expect(
      resolveElectronNativeBinding({ ...base, exists: () => true, readText: () => info }),
    ).toBe(file);
  });

  it('missing build - names the file and the rebuild command', () => {
    expect(() =>
      resolveElectronNativeBinding({ ...base, exists: () => false, readText: () => null }),
    ).toThrow(NativeBindingError);
    expect(() =>
      resolveElectronNativeBinding({ ...base, exists: () => false, readText: () => null }),
    ).toThrow(/better_sqlite3\.node is missing.*rebuild:electron/);
  });

  it('built for another Electron - says which and which is running', () => {
    expect(() =>
      resolveElectronNativeBinding({
        ...base,
        electronVersion: '46.0.0',
        exists: () => true,
        readText: () => info,
      }),
    ).toThrow(/built for Electron 45\.4\.1 on linux-x64, but this is Electron 46\.0\.0/);
  });

  it('unreadable build info - asks for a rebuild', () => {
    expect(() =>
      resolveElectronNativeBinding({ ...base, exists: () => true, readText: () => '{oops' }),
    ).toThrow(/unreadable/);
  });
});
