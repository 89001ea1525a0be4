import { describe, expect, it } from 'vitest';
import type { SluiceClient } from '../../../src/shared/contract';
import { withBrowserLinks } from '../../../src/renderer/src/transport/browser-links';

function fakeClient(calls: string[]): SluiceClient {
  return {
    settings: {
      openExternal: async ({ url }: { url: string }) => {
        calls.push(`server:${url}`);
        return { opened: true };
      },
      get: async () => {
        calls.push('server:get');
        return {} as never;
      },
    },
  } as unknown as SluiceClient;
}

describe('withBrowserLinks', () => {
  it('https link - opens a new tab without opener, never asks the server', async () => {
    const calls: string[] = [];
    const opened: string[][] = [];
    const client = withBrowserLinks(fakeClient(calls), (...args) => opened.push(args));
    await expect(client.settings.openExternal({ url: 'https://example.com/a' })).resolves.toEqual({
      opened: true,
    });
    expect(opened).toEqual([['https://example.com/a', '_blank', 'noopener,noreferrer']]);
    expect(calls).toEqual([]);
  });

  it('javascript: or file: link - refused, nothing opened', async () => {
    const opened: unknown[] = [];
    const client = withBrowserLinks(fakeClient([]), (...args) => opened.push(args));
    await expect(client.settings.openExternal({ url: 'javascript:alert(1)' })).rejects.toThrow(
      /Only http/,
    );
    await expect(client.settings.openExternal({ url: 'file:///etc/passwd' })).rejects.toThrow(
      /Only http/,
    );
    expect(opened).toEqual([]);
  });

  it('other settings methods - still go to the server', async () => {
    const calls: string[] = [];
    const client = withBrowserLinks(fakeClient(calls), () => undefined);
    await client.settings.get({});
    expect(calls).toEqual(['server:get']);
  });
});
