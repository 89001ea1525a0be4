// Where the API key is encrypted. Electron provides safeStorage (src/main/electron);
// browser mode and tests use no store or the in-memory one. Core never sees the platform.

export type SecretAvailability =
  /** Blobs can be written now and read in a later session. `basic_text` is Linux's weak fallback (a fixed password). */
  | { readonly kind: 'encrypted'; readonly backend: 'safeStorage' | 'basic_text' }
  | { readonly kind: 'unavailable'; readonly reason: string };

export interface SecretStore {
  availability(): SecretAvailability;
  /** Throws when unavailable. */
  encrypt(plain: string): Uint8Array;
  /** Throws when the blob cannot be decrypted (another machine, a changed keyring). */
  decrypt(blob: Uint8Array): string;
}

/** No persistent encryption: the settings service keeps a key for the session only. */
export function createUnavailableSecretStore(reason: string): SecretStore {
  const fail = (): never => {
    throw new Error(`Secure storage is unavailable: ${reason}`);
  };
  return { availability: () => ({ kind: 'unavailable', reason }), encrypt: fail, decrypt: fail };
}
