// In browser mode the backend may run on another machine (a remote dev box, WSL), so "open in
// the system browser" means a new tab of this browser, opened by the page itself. Only http(s)
// URLs, without opener or referrer. The Electron transport keeps settings.openExternal.
import type { SluiceClient } from '../../../shared/contract';

export type WindowOpener = (url: string, target: string, features: string) => unknown;

export function withBrowserLinks(client: SluiceClient, open: WindowOpener): SluiceClient {
  const settings: SluiceClient['settings'] = {
    ...client.settings,
    async openExternal({ url }) {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new Error(`Only http(s) links are opened, not ${parsed.protocol}`);
      }
      open(parsed.href, '_blank', 'noopener,noreferrer');
      return { opened: true };
    },
  };
  return { ...client, settings };
}
