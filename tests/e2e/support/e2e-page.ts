// Small steps the e2e tests share: open the app, send a message, wait for the turn to end,
// and read what the agent sent back to the (fake) model.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { RecordedRequest } from '../../support/fake-anthropic-server';

const UI_TIMEOUT_MS = 20_000;

/** Loads the app fresh (so a new conversation) and waits until the workspace is ready. */
export async function openApp(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await page.getByTestId('chat-input').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await page
    .getByTestId('user-message')
    .filter({ hasText: text })
    .waitFor({ timeout: UI_TIMEOUT_MS });
}

/** The turn is over when Stop gave way to Send again. */
export async function waitForTurnEnd(page: Page): Promise<void> {
  await page.getByTestId('chat-stop').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  await page.getByTestId('chat-send').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

export async function waitForReview(page: Page): Promise<void> {
  await page.getByTestId('review-modal').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

export async function waitForReviewClosed(page: Page): Promise<void> {
  await page.getByTestId('review-modal').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

/** Polls a condition on the Node side (e.g. a file on disk) until it holds. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = UI_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(last)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: unknown;
  is_error?: boolean;
}

/** The tool_result for `toolUseId` in a recorded request's messages, with its content as text. */
export function toolResultIn(
  request: RecordedRequest,
  toolUseId: string,
): { text: string; isError: boolean } | undefined {
  for (const message of request.body.messages ?? []) {
    if (message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const block of message.content as { type?: string }[]) {
      if (block.type !== 'tool_result') continue;
      const result = block as ToolResultBlock;
      if (result.tool_use_id !== toolUseId) continue;
      const text =
        typeof result.content === 'string'
          ? result.content
          : Array.isArray(result.content)
            ? (result.content as { type?: string; text?: string }[])
                .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
                .join('\n')
            : '';
      return { text, isError: result.is_error === true };
    }
  }
  return undefined;
}
