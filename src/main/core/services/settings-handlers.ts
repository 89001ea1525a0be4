// The contract's `settings` service. The API key goes in and never comes back out: every
// answer is the key-free Settings view. Links open in the system browser only for http(s).
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { settingsService } from '../../../shared/contract/settings-service';
import { SettingsError, type AppSettings } from './app-settings';
import type { Settings } from '../../../shared/contract/settings-service';
import type {
  ProjectTestSettings,
  ProjectTestSettingsPatch,
} from '../../../shared/test-run-settings';

/** Electron's shell.openExternal; browser mode answers that the browser opens links itself. */
export type ExternalOpener = (url: string) => Promise<void>;

/** The open project's tests-before-approval settings; null with none open. */
export interface ProjectTestSettingsPort {
  read(): ProjectTestSettings | null;
  write(patch: ProjectTestSettingsPatch): ProjectTestSettings;
}

export interface SettingsHandlersDeps {
  readonly settings: AppSettings;
  readonly openExternal: ExternalOpener;
  readonly projectTests?: ProjectTestSettingsPort;
}

export type SettingsHandlers = ServiceHandlers<typeof settingsService>;

export class ExternalUrlError extends Error {
  override readonly name = 'ExternalUrlError';
}

export function createSettingsHandlers(deps: SettingsHandlersDeps): SettingsHandlers {
  const withTests = (view: Settings): Settings =>
    deps.projectTests ? { ...view, tests: deps.projectTests.read() } : view;
  return {
    get: () => withTests(deps.settings.view()),
    set: ({ tests, ...patch }) => {
      if (tests) {
        if (!deps.projectTests?.read())
          throw new SettingsError(
            'Open a project first: tests before approval are set per project.',
          );
        deps.projectTests.write(tests);
      }
      return withTests(deps.settings.update(patch));
    },
    setApiKey: ({ key }) => withTests(deps.settings.setApiKey(key)),
    clearApiKey: () => withTests(deps.settings.clearApiKey()),
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
