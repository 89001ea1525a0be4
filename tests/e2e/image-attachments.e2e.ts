// Images in Chromium, on the built `sluice serve`: one pasted and one dropped on the message box
// wait as removable thumbnails (axe-clean in both themes), go to the model as image blocks before
// the text, and show in the transcript as pictures the app's CSP lets load; a PDF dropped is
// refused in words and nothing is sent.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply } from '../support/fake-anthropic-server';
import { jpegBytes, pdfBytes, pngBytes } from '../support/image-bytes';
import { expectNoBlockingViolations } from './support/axe';
import { chromiumMissingMessage } from './support/chromium';
import { openApp, waitForTurnEnd } from './support/e2e-page';
import {
  closeE2eSession,
  endScriptedTest,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';

let session: E2eSession | undefined;
let page: Page;
const scripted = scriptedReplies();

/** What the in-page callbacks use of the browser (this file is typed for Node). */
interface PageGlobals {
  atob(text: string): string;
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
  ClipboardEvent: new (type: string, init: object) => unknown;
  DragEvent: new (type: string, init: object) => unknown;
  document: {
    querySelector(selector: string): {
      dispatchEvent(event: unknown): boolean;
      naturalWidth?: number;
    } | null;
  };
}

/** Hands the message box a file the way a paste (Ctrl/Cmd+V) or a drop does in the browser. */
async function offer(
  how: 'paste' | 'drop',
  file: { name: string; type: string; base64: string },
): Promise<void> {
  await page.evaluate(
    ({ how, file }) => {
      const w = globalThis as unknown as PageGlobals;
      const bytes = Uint8Array.from(w.atob(file.base64), (c) => c.charCodeAt(0));
      const transfer = new w.DataTransfer();
      transfer.items.add(new w.File([bytes], file.name, { type: file.type }));
      const init = { bubbles: true, cancelable: true };
      if (how === 'paste') {
        w.document
          .querySelector('[data-testid="chat-input"]')
          ?.dispatchEvent(new w.ClipboardEvent('paste', { ...init, clipboardData: transfer }));
      } else {
        const box = w.document.querySelector('.chat-input');
        for (const type of ['dragover', 'drop'])
          box?.dispatchEvent(new w.DragEvent(type, { ...init, dataTransfer: transfer }));
      }
    },
    { how, file },
  );
}

describe.skipIf(Boolean(chromiumMissingMessage()))('images in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted, label: 'images' });
    page = session.page;
  });

  afterAll(() => closeE2eSession(session));

  beforeEach(async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, session!.serve.url);
  });

  afterEach(() => endScriptedTest(session!, scripted));

  it('pasted and dropped - thumbnails, axe clean; sent before the text; shown in the transcript', async () => {
    const png = pngBytes(24, 16);
    const jpeg = jpegBytes(32, 32);
    await offer('paste', { name: 'screen.png', type: 'image/png', base64: png.toString('base64') });
    await offer('drop', { name: 'photo.jpg', type: 'image/jpeg', base64: jpeg.toString('base64') });
    const waiting = page.getByRole('list', { name: 'Images to send' });
    await waiting.getByRole('img', { name: 'photo.jpg' }).waitFor();
    expect(await waiting.getByRole('listitem').count()).toBe(2);
    expect(await waiting.textContent()).toContain(`screen.png${png.length} bytes`);
    await waiting.getByRole('button', { name: 'Remove screen.png' }).waitFor();
    await expectNoBlockingViolations(page, 'images-composer');

    scripted.script.push(reply('A blue screen and a grey photo.'));
    await page.getByTestId('chat-input').fill('What are these?');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('user-message').filter({ hasText: 'What are these?' }).waitFor();
    await waitForTurnEnd(page);
    expect(await waiting.count()).toBe(0);

    const blocks = session!.fake.requests.at(-1)?.body.messages?.[0]?.content as {
      type: string;
      source?: { media_type: string; data: string };
      text?: string;
    }[];
    expect(blocks.map((block) => block.type)).toEqual(['image', 'image', 'text']);
    expect(blocks[0]?.source).toEqual({
      type: 'base64',
      media_type: 'image/png',
      data: png.toString('base64'),
    });
    expect(blocks[1]?.source?.media_type).toBe('image/jpeg');
    expect(blocks[2]?.text).toBe('What are these?');

    const attached = page
      .getByTestId('user-message')
      .getByRole('list', { name: 'Attached images' });
    const picture = attached.locator('img[alt="screen.png"]');
    await picture.waitFor();
    // Loaded, so the CSP's img-src lets a data: URL through.
    await page.waitForFunction(
      () =>
        (globalThis as unknown as PageGlobals).document.querySelector(
          '.message.user img[alt="screen.png"]',
        )?.naturalWidth === 24,
    );
    await expectNoBlockingViolations(page, 'images-transcript');
  });

  it('a dropped PDF - refused in words, axe clean, nothing sent', async () => {
    const before = session!.fake.requests.length;
    await offer('drop', {
      name: 'notes.pdf',
      type: 'application/pdf',
      base64: pdfBytes().toString('base64'),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'notes.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).' })
      .waitFor();
    expect(await page.getByRole('list', { name: 'Images to send' }).count()).toBe(0);
    await expectNoBlockingViolations(page, 'images-refused');
    expect(session!.fake.requests.length).toBe(before);
  });
});
