// The contract's `settings` service. The API key goes in and never comes back out: every
// answer is the key-free Settings view. Links open in the system browser only for http(s).
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { settingsService } from '../../../shared/contract/settings-service';
import type { AppSettings } from './app-settings';

/** Electron's shell.openExternal; browser mode answers that the browser opens links itself. */
export type ExternalOpener = (url: string) => Promise<void>;

export interface SettingsHandlersDeps {
  readonly settings: AppSettings;
  readonly openExternal: ExternalOpener;
}

export type SettingsHandlers = ServiceHandlers<typeof settingsService>;

export class ExternalUrlError extends Error {
  override readonly name = 'ExternalUrlError';
}

export function createSettingsHandlers(deps: SettingsHandlersDeps): SettingsHandlers {
  return {
    get: () => deps.settings.view(),
    set: (patch) => deps.settings.update(patch),
    setApiKey: ({ key }) => deps.settings.setApiKey(key),
    clearApiKey: () => deps.settings.clearApiKey(),
    async openExternal({ url }) {
      await deps.openExternal(checkExternalUrl(url));
      return { opened: true };
    },
  };
}

/** Only web links leave the app: no file:, javascript:, custom schemes or smb shares. */
export function checkExternalUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ExternalUrlError(`"${value.slice(0, 200)}" is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ExternalUrlError(
      `Only http and https links open in the browser (got ${url.protocol}).`,
    );
  }
  return url.href;
}
