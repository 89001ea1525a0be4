// The setup every Chromium e2e file shares: the fake Anthropic server in this process, the
// built `sluice serve` talking to it through the real SDK, and a Debian Chromium page. A
// file may script its replies per test (`scripted`): requests beyond the script are recorded
// and refused, so a test that asks the model more than it planned fails by name.
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  httpError,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
  type RecordedRequest,
  type ReplySource,
} from '../../support/fake-anthropic-server';
import { launchChromium } from './chromium';
import { assertBuilt, startServe, type ServeProcess } from './serve-harness';

export interface E2eSession {
  readonly fake: FakeAnthropicServer;
  readonly serve: ServeProcess;
  readonly browser: Browser;
  readonly page: Page;
}

/** The current test's replies, in order, and the requests that came when none was left. */
export interface ScriptedReplies {
  readonly script: ReplySource[];
  readonly stray: RecordedRequest[];
}

export function scriptedReplies(): ScriptedReplies {
  return { script: [], stray: [] };
}

/** Starts the three pieces; with `scripted`, the fake model answers from its script only. */
export async function startE2eSession(
  options: { scripted?: ScriptedReplies; label?: string } = {},
): Promise<E2eSession> {
  assertBuilt();
  const fake = await startFakeAnthropicServer();
  const { scripted } = options;
  if (scripted) {
    const label = options.label ?? 'e2e';
    fake.setFallback((request) => {
      const next = scripted.script.shift();
      if (next !== undefined) return typeof next === 'function' ? next(request) : next;
      scripted.stray.push(request);
      return httpError(
        400,
        'invalid_request_error',
        `${label}: no scripted reply for request #${request.index}`,
      );
    });
  }
  const serve = await startServe({ anthropicBaseUrl: fake.baseURL });
  const { browser, page } = await launchChromium();
  return { fake, serve, browser, page };
}

/** Closes whatever of the session was started (a failed start leaves part of it). */
export async function closeE2eSession(session: Partial<E2eSession> | undefined): Promise<void> {
  await session?.browser?.close();
  await session?.serve?.close();
  await session?.fake?.close();
}

/**
 * After each test: ends what a failed test left open (a review, a running turn) so the next
 * test starts clean, then checks every scripted reply was used and the model was never asked
 * anything unscripted. Both lists are emptied either way.
 */
export async function endScriptedTest(session: E2eSession, scripted: ScriptedReplies) {
  const leftOver = scripted.script.length;
  const unscripted = scripted.stray.map((request) => request.index);
  scripted.script.length = 0;
  scripted.stray.length = 0;
  const { page } = session;
  const quietly = (action: Promise<unknown>) => action.catch(() => undefined);
  if (await page.getByTestId('review-modal').isVisible()) {
    await quietly(page.getByTestId('review-reject').click({ timeout: 5_000 }));
    await quietly(page.getByTestId('review-reject-submit').click({ timeout: 5_000 }));
  }
  if (await page.getByTestId('chat-stop').isVisible()) {
    await quietly(page.getByTestId('chat-stop').click({ timeout: 5_000 }));
  }
  expect(unscripted, session.serve.stderr()).toEqual([]);
  expect(leftOver).toBe(0);
}
