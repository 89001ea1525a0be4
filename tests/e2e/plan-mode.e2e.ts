// Plan mode end to end (the built `sluice serve`, its SQLite store, Debian's Chromium and the
// fake Anthropic server): with Plan chosen in Settings the model reads, then submits a plan
// that shows as a card in the chat; "Approve and go on (ask each write)" lets the same turn go
// on, and its edit opens the review (asked, not applied unseen); the card stays, marked
// approved, also after a reload. axe finds nothing blocking in either theme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, text, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { expectNoBlockingViolations } from './support/axe';
import {
  closeE2eSession,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';
import { chromiumMissingMessage, snap } from './support/chromium';
import {
  openApp,
  sendMessage,
  toolResultIn,
  waitForReview,
  waitForReviewClosed,
  waitForTurnEnd,
} from './support/e2e-page';
import { fixtureText, type ServeProcess } from './support/serve-harness';

const CART = 'src/cart.ts';
const ASK = 'Rename cartTotal to cartSum.';
const plan = {
  summary: 'Rename cartTotal to cartSum where it is defined.',
  steps: ['Rename the function in src/cart.ts', 'Tell you about its importers'],
  files: [CART],
};

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;
const scripted = scriptedReplies();
const { script } = scripted;

describe.skipIf(Boolean(chromiumMissingMessage()))('plan mode in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted, label: 'plan' });
    ({ fake, serve, page } = session);
  });

  afterAll(() => closeE2eSession(session));

  it('plan mode - the plan card is approved into ask mode and the edit that follows is asked', async () => {
    await serve.resetProject();
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Mode' }).selectOption('plan');
    await page.getByRole('tab', { name: 'Chat' }).click();

    const before = await fixtureText(CART);
    const firstRequest = fake.requests.length;
    script.push(
      reply([text('Reading the cart first.'), toolUse('read_file', { path: CART }, 'toolu_read')]),
      reply([toolUse('submit_plan', plan, 'toolu_plan')]),
      reply([
        toolUse(
          'edit_file',
          { path: CART, edits: [{ old_text: 'cartTotal', new_text: 'cartSum' }] },
          'toolu_edit',
        ),
      ]),
      reply('Renamed.'),
    );
    await sendMessage(page, ASK);
    const card = page.getByTestId('plan-card');
    await card.waitFor();
    expect(await card.getByRole('status').textContent()).toBe('Waiting for your decision');
    expect(await card.locator('ol > li').allTextContents()).toEqual(plan.steps);
    await expectNoBlockingViolations(page, 'plan-card-waiting');
    await card.getByRole('button', { name: 'Edit plan' }).click();
    await expectNoBlockingViolations(page, 'plan-card-edit');
    await card.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: 'Approve and go on (ask each write)' }).click();
    // Ask mode now: the edit is shown for review, nothing written yet.
    await waitForReview(page);
    expect(await serve.read(CART)).toBe(before);
    expect(toolResultIn(fake.requests[firstRequest + 2]!, 'toolu_plan')?.text).toMatch(
      /^The person approved the plan; carry it out now\. Mode: ask/u,
    );
    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);
    expect(await serve.read(CART)).toBe(before.replace('cartTotal', 'cartSum'));
    expect(await card.getByRole('status').textContent()).toBe(
      'Approved, going on in ask mode (each write reviewed)',
    );
    expect(await card.getByRole('button').count()).toBe(0);
    await expectNoBlockingViolations(page, 'plan-card-approved');
    expect(script).toHaveLength(0);

    // The stored conversation shows the same card after a reload.
    await openApp(page, serve.url);
    await page.getByRole('button', { name: ASK, exact: true }).click();
    await page.getByTestId('plan-card').waitFor();
    expect(await page.getByTestId('plan-card').getByRole('status').textContent()).toBe(
      'Approved, going on in ask mode (each write reviewed)',
    );
    await snap(page, 'plan-card-reloaded');
  });
});
