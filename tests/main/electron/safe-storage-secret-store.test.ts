import { describe, expect, it } from 'vitest';
import {
  createSafeStorageSecretStore,
  type SafeStoragePort,
} from '../../../src/main/electron/safe-storage-secret-store';

function fakeSafeStorage(options: { available: boolean; backend?: string }): SafeStoragePort {
  return {
    isEncryptionAvailable: () => options.available,
    encryptString: (plain: string) => Buffer.from(`enc:${plain}`),
    decryptString: (blob: Buffer) => blob.toString().replace(/^enc:/, ''),
    getSelectedStorageBackend: () => (options.backend ?? 'gnome_libsecret') as never,
  };
}

describe('createSafeStorageSecretStore', () => {
  it('round-trips through safeStorage', () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage({ available: true }), 'linux');
    expect(store.availability()).toEqual({ kind: 'encrypted', backend: 'safeStorage' });
    expect(store.decrypt(store.encrypt('k'))).toBe('k');
  });

  it('linux basic_text - reported as the weak backend', () => {
    const store = createSafeStorageSecretStore(
      fakeSafeStorage({ available: true, backend: 'basic_text' }),
      'linux',
    );
    expect(store.availability()).toEqual({ kind: 'encrypted', backend: 'basic_text' });
  });

  it('backend is asked on linux only', () => {
    const store = createSafeStorageSecretStore(
      fakeSafeStorage({ available: true, backend: 'basic_text' }),
      'darwin',
    );
    expect(store.availability()).toEqual({ kind: 'encrypted', backend: 'safeStorage' });
  });

  it('unavailable - refuses to encrypt, says why', () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage({ available: false }), 'linux');
    expect(store.availability()).toMatchObject({ kind: 'unavailable' });
    expect(() => store.encrypt('k')).toThrow(/Secure storage is unavailable/);
  });
});
