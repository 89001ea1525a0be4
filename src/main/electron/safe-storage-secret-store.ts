// The API key's SecretStore on Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet).
// On Linux without a keyring Electron falls back to `basic_text`, a fixed password: usable,
// but reported so Settings can warn.
import type { SafeStorage } from 'electron';
import type { SecretAvailability, SecretStore } from '../core/services/secret-store';

export type SafeStoragePort = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

/** Call after app 'ready': safeStorage answers only then. */
export function createSafeStorageSecretStore(
  safeStorage: SafeStoragePort,
  platform: NodeJS.Platform,
): SecretStore {
  const availability = (): SecretAvailability => {
    if (!safeStorage.isEncryptionAvailable()) {
      return {
        kind: 'unavailable',
        reason: 'the operating system offers no encryption for this app (no keyring).',
      };
    }
    const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
    return { kind: 'encrypted', backend: backend === 'basic_text' ? 'basic_text' : 'safeStorage' };
  };
  return {
    availability,
    encrypt(plain) {
      const state = availability();
      if (state.kind === 'unavailable')
        throw new Error(`Secure storage is unavailable: ${state.reason}`);
      return new Uint8Array(safeStorage.encryptString(plain));
    },
    decrypt(blob) {
      return safeStorage.decryptString(Buffer.from(blob));
    },
  };
}
