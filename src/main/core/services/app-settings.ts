// The app's settings with their sources resolved: the environment (ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL) wins over what was saved in Settings, and then defaults apply. With
// ANTHROPIC_BASE_URL set, only a patch that changes the base URL is refused. The
// key is encrypted with the SecretStore; it is never part of a view and never logged.
import type { Settings } from '../../../shared/contract/settings-service';
import {
  DEFAULT_DIAGNOSTICS_SETTINGS,
  mergeDiagnosticsSettings,
  type DiagnosticsSettings,
  type DiagnosticsSettingsPatch,
} from '../../../shared/diagnostics-settings';
import type { SettingsRepository, StoredSettings } from '../store/settings-repository';
import type { SecretStore } from './secret-store';
import { defaultParallel } from '../runs/run-queue';

export const API_KEY_SECRET = 'anthropic-api-key';

export interface SettingsDefaults {
  readonly model: string;
  readonly maxTurns: number;
}

export interface EffectiveCredentials {
  readonly apiKey: string | null;
  readonly baseUrl: string | null;
  readonly model: string;
  readonly maxTurns: number;
}

export type SettingsPatch = {
  model?: string;
  baseUrl?: string | null;
  maxTurns?: number;
  theme?: Settings['theme'];
  diagnostics?: DiagnosticsSettingsPatch;
  backgroundParallel?: number;
  backgroundImage?: string | null;
};

export interface AppSettings {
  view(): Settings;
  update(patch: SettingsPatch): Settings;
  setApiKey(key: string): Settings;
  clearApiKey(): Settings;
  /** For the agent: what a request would use right now. Never send this to a renderer. */
  credentials(): EffectiveCredentials;
  /** The checks behind evidence, defaults filled in; read fresh for each use. */
  diagnostics(): DiagnosticsSettings;
}

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

export interface AppSettingsDeps {
  readonly repository: SettingsRepository;
  readonly secrets: SecretStore;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly defaults: SettingsDefaults;
}

type KeyState =
  | { source: 'env'; key: string }
  | { source: 'stored'; key: string; backend: 'safeStorage' | 'basic_text' }
  | { source: 'memory'; key: string }
  | { source: 'none' };

export function createAppSettings(deps: AppSettingsDeps): AppSettings {
  const envKey = nonEmpty(deps.env.ANTHROPIC_API_KEY);
  const envBaseUrl = nonEmpty(deps.env.ANTHROPIC_BASE_URL);
  // A key typed while secure storage is unavailable lives for this session only.
  let sessionKey: string | null = null;
  // Decrypting may prompt the OS keychain, so it happens once; cleared when the key changes.
  let decrypted: { key: string; backend: 'safeStorage' | 'basic_text' } | null | undefined;

  const storedKey = (): { key: string; backend: 'safeStorage' | 'basic_text' } | null => {
    if (decrypted !== undefined) return decrypted;
    const secret = deps.repository.readSecret(API_KEY_SECRET);
    decrypted = null;
    if (secret && (secret.backend === 'safeStorage' || secret.backend === 'basic_text')) {
      try {
        decrypted = { key: deps.secrets.decrypt(secret.ciphertext), backend: secret.backend };
      } catch {
        // Unreadable (e.g. the keyring changed): treated as no key, so Settings asks again.
        decrypted = null;
      }
    }
    return decrypted;
  };

  const keyState = (): KeyState => {
    if (envKey) return { source: 'env', key: envKey };
    if (sessionKey) return { source: 'memory', key: sessionKey };
    const stored = storedKey();
    return stored ? { source: 'stored', ...stored } : { source: 'none' };
  };

  const stored = (): StoredSettings => deps.repository.read().settings;

  const view = (): Settings => {
    const settings = stored();
    const key = keyState();
    return {
      model: settings.model ?? deps.defaults.model,
      baseUrl: envBaseUrl ?? settings.baseUrl ?? null,
      hasApiKey: key.source !== 'none',
      keyStorage: key.source === 'stored' ? key.backend : key.source,
      maxTurns: settings.maxTurns ?? deps.defaults.maxTurns,
      theme: settings.theme ?? 'system',
      diagnostics: mergeDiagnosticsSettings(DEFAULT_DIAGNOSTICS_SETTINGS, settings.diagnostics),
      backgroundParallel: settings.backgroundParallel ?? defaultParallel(),
      backgroundImage: settings.backgroundImage ?? null,
    };
  };

  return {
    view,
    update(patch) {
      // A form may send the base URL it shows, which is the environment's: only a change is
      // refused, and the environment's value is never copied into the stored settings.
      let baseUrl = patch.baseUrl;
      if (envBaseUrl && baseUrl !== undefined && baseUrl !== null && sameUrl(baseUrl, envBaseUrl))
        baseUrl = undefined;
      if (baseUrl !== undefined) {
        if (envBaseUrl) {
          throw new SettingsError(
            'ANTHROPIC_BASE_URL is set in the environment and takes precedence; unset it to change the base URL here.',
          );
        }
        if (baseUrl !== null) checkBaseUrl(baseUrl);
      }
      deps.repository.write({
        model: patch.model,
        baseUrl,
        maxTurns: patch.maxTurns,
        theme: patch.theme,
        // Stored as the person's own choices over the defaults, so a later default applies.
        diagnostics: patch.diagnostics
          ? mergeStoredDiagnostics(stored().diagnostics, patch.diagnostics)
          : undefined,
        backgroundParallel: patch.backgroundParallel,
        backgroundImage: patch.backgroundImage,
      });
      return view();
    },
    setApiKey(raw) {
      if (envKey) {
        throw new SettingsError(
          'ANTHROPIC_API_KEY is set in the environment and takes precedence; unset it to store a key here.',
        );
      }
      const key = checkApiKey(raw);
      const availability = deps.secrets.availability();
      if (availability.kind === 'unavailable') {
        sessionKey = key;
        deps.repository.deleteSecret(API_KEY_SECRET);
      } else {
        deps.repository.writeSecret(API_KEY_SECRET, {
          ciphertext: deps.secrets.encrypt(key),
          backend: availability.backend,
        });
        sessionKey = null;
      }
      decrypted = undefined;
      return view();
    },
    clearApiKey() {
      deps.repository.deleteSecret(API_KEY_SECRET);
      sessionKey = null;
      decrypted = undefined;
      return view();
    },
    diagnostics: () => mergeDiagnosticsSettings(DEFAULT_DIAGNOSTICS_SETTINGS, stored().diagnostics),
    credentials() {
      const settings = view();
      const key = keyState();
      return {
        apiKey: key.source === 'none' ? null : key.key,
        baseUrl: settings.baseUrl,
        model: settings.model,
        maxTurns: settings.maxTurns,
      };
    },
  };
}

export { readDiagnosticsSettings } from '../project/project-checks';

function mergeStoredDiagnostics(
  stored: DiagnosticsSettingsPatch | undefined,
  patch: DiagnosticsSettingsPatch,
): DiagnosticsSettingsPatch {
  const languages = { ...stored?.languages, ...patch.languages };
  return {
    ...stored,
    ...patch,
    ...(Object.keys(languages).length ? { languages } : {}),
  };
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Equal as written, or as parsed URLs (`http://h:1` and `http://h:1/` are the same). */
function sameUrl(a: string, b: string): boolean {
  if (a.trim() === b.trim()) return true;
  try {
    return new URL(a.trim()).href === new URL(b.trim()).href;
  } catch {
    return false;
  }
}

function checkApiKey(raw: string): string {
  const key = raw.trim();
  if (!key) throw new SettingsError('The API key is empty.');
  // Printable ASCII only: a pasted newline or a stray character would break every request.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new SettingsError(
      'The API key contains spaces or characters an API key never has; paste it again.',
    );
  }
  return key;
}

/** http(s) only and no embedded credentials: the key goes in a header, never in the URL. */
export function checkBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(`The base URL "${value}" is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SettingsError(
      `The base URL must start with https:// or http:// (got ${url.protocol}).`,
    );
  }
  if (url.username || url.password) {
    throw new SettingsError('The base URL must not contain a user name or password.');
  }
  return value;
}
