// The browser-mode access token, end to end: a wrong token is refused with 401 over HTTP and
// for the WebSocket, and the app in Chromium says it cannot connect instead of half-working.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { chromiumMissingMessage, launchChromium, snap } from './support/chromium';
import { assertBuilt, startServe, type ServeProcess } from './support/serve-harness';

let fake: FakeAnthropicServer;
let serve: ServeProcess;
let browser: Browser;

/** The HTTP status a WebSocket upgrade request gets (101 when it is accepted). */
function upgradeStatus(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        origin,
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe.skipIf(Boolean(chromiumMissingMessage()))('sluice serve access token', () => {
  beforeAll(async () => {
    assertBuilt();
    // No model call happens here; serve still needs an endpoint that is not the real API.
    fake = await startFakeAnthropicServer();
    serve = await startServe({ anthropicBaseUrl: fake.baseURL });
    ({ browser } = await launchChromium());
  });

  afterAll(async () => {
    await browser?.close();
    await serve?.close();
    await fake?.close();
  });

  it('token - a wrong token gets 401 and the UI says it cannot connect', async () => {
    const wrong = `${serve.origin}/?token=not-the-token`;
    // HTTP: the page, an asset and the WebSocket upgrade all refuse a wrong token.
    const plain = await fetch(wrong);
    expect(plain.status).toBe(401);
    expect(await plain.text()).toContain('wrong access token');
    expect(await upgradeStatus(`${serve.origin}/ws?token=not-the-token`, serve.origin)).toBe(401);
    expect(await upgradeStatus(`${serve.origin}/ws?token=${serve.token}`, serve.origin)).toBe(101);

    // A fresh browser (no token cookie) sees the refusal.
    const stranger = await browser.newContext({ viewport: { width: 1280, height: 820 } });
    try {
      const tab = await stranger.newPage();
      const response = await tab.goto(wrong);
      expect(response?.status()).toBe(401);
      expect(await tab.textContent('body')).toContain('Missing or wrong access token');
      await snap(tab, '19-token-wrong-http-401');

      // The app itself with a wrong token (its files come from elsewhere, e.g. the cache after
      // sluice serve restarted with a new token): its WebSocket is refused and it says so.
      await stranger.route(`${serve.origin}/**`, async (route) => {
        const target = new URL(route.request().url());
        target.searchParams.delete('token');
        const upstream = await fetch(target, {
          headers: { cookie: `sluice_token=${encodeURIComponent(serve.token)}` },
        });
        const headers = Object.fromEntries(
          [...upstream.headers].filter(([name]) => name !== 'set-cookie'),
        );
        await route.fulfill({
          status: upstream.status,
          headers,
          body: Buffer.from(await upstream.arrayBuffer()),
        });
      });
      const app = await stranger.newPage();
      expect((await app.goto(wrong))?.status()).toBe(200);
      const notConnected = app.getByTestId('not-connected');
      await notConnected.waitFor({ timeout: 20_000 });
      expect(await notConnected.textContent()).toContain('Not connected');
      expect(await app.getByTestId('chat-input').count()).toBe(0);
      await snap(app, '20-token-wrong-not-connected');
    } finally {
      await stranger.close();
    }
  });
});
