// Plan mode's card in the chat: the plan shown as it arrives, answered by buttons (approve into
// ask or auto-edit, edit the text, reject with feedback) through approvals.decidePlan, and kept
// in view once decided, marked with the mode; a reloaded conversation shows it the same way.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import type { AgentEvent } from '../../../src/shared/agent-events';
import type { ConversationView } from '../../../src/shared/contract';
import { planText } from '../../../src/shared/plans';
import { ev } from '../support/agent-events';
import { createFakeSluice, type FakeSluice } from '../support/fake-sluice';
import { listedConversation } from '../support/listed-conversation';
import { renderWithClient } from '../support/render-with-client';

const plan = {
  summary: 'Rename total to sum in the cart.',
  steps: ['Rename the export in src/cart.ts', 'Update its two importers'],
  files: ['src/cart.ts', 'src/checkout.ts'],
};
const ids = { conversationId: 'c1', turnId: 't1' };
const planRequest: AgentEvent = {
  type: 'plan_request',
  ...ids,
  toolUseId: 'tu_plan',
  approvalId: 'plan-1',
  plan,
};

async function planWaiting(): Promise<{ fake: FakeSluice; card: HTMLElement }> {
  const fake = createFakeSluice();
  fake.handle('approvals.decidePlan', () => ({ accepted: true }));
  renderWithClient(<App />, fake);
  await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'rename{Enter}');
  fake.emit('agent', ev.turnStart('rename'));
  fake.emit('agent', ev.toolStart('tu_read', 'Reading src/cart.ts', { path: 'src/cart.ts' }));
  fake.emit('agent', ev.toolEnd('tu_read'));
  fake.emit('agent', ev.toolStart('tu_plan', 'Plan: Rename total', plan, 'submit_plan'));
  fake.emit('agent', planRequest);
  return { fake, card: await screen.findByTestId('plan-card') };
}

describe('PlanCard', () => {
  it('plan card - shows the summary, numbered steps and files, and approves into ask mode', async () => {
    const { fake, card } = await planWaiting();
    expect(within(card).getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Rename total to sum in the cart.');
    const lists = within(card).getAllByRole('list');
    expect(
      within(lists[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(plan.steps);
    expect(lists[0]!.tagName).toBe('OL');
    expect(
      within(lists[1]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(plan.files);
    expect(within(card).getByRole('status')).toHaveTextContent('Waiting for your decision');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Approve and go on (ask each write)' }),
    );
    expect(fake.callsTo('approvals.decidePlan')).toEqual([
      { approvalId: 'plan-1', decision: { type: 'approve', mode: 'ask' } },
    ]);
    fake.emit('agent', {
      type: 'plan_resolved',
      ...ids,
      approvalId: 'plan-1',
      outcome: 'approved',
      mode: 'ask',
      decidedBy: 'person',
    });
    fake.emit('agent', ev.toolEnd('tu_plan', 'ok', 'approved', 'submit_plan'));
    fake.emit('agent', ev.turnEnd());
    // After the turn the steps fold away; the plan stays, marked approved with its mode.
    const decided = screen.getByTestId('plan-card');
    expect(within(decided).getByRole('status')).toHaveTextContent(
      'Approved, going on in ask mode (each write reviewed)',
    );
    expect(within(decided).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: /Done \(1 step\)/ })).toBeInTheDocument();
  });

  it('plan card - Edit plan opens its text, focused, and approves the edited plan in auto-edit', async () => {
    const { fake, card } = await planWaiting();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit plan' }));
    const field = within(card).getByRole('textbox', { name: /Your plan/ });
    expect(field).toHaveFocus();
    expect(field).toHaveValue(planText(plan));
    await userEvent.clear(field);
    await userEvent.type(field, 'Only rename the export');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve my plan, auto-edit' }));
    expect(fake.callsTo('approvals.decidePlan')).toEqual([
      {
        approvalId: 'plan-1',
        decision: { type: 'edit', text: 'Only rename the export', mode: 'auto-edit' },
      },
    ]);
    fake.emit('agent', {
      type: 'plan_resolved',
      ...ids,
      approvalId: 'plan-1',
      outcome: 'edited',
      mode: 'auto-edit',
      decidedBy: 'person',
      editedText: 'Only rename the export',
    });
    expect(within(card).getByRole('status')).toHaveTextContent(
      'Approved as you edited it, going on in auto-edit',
    );
    expect(card).toHaveTextContent('Your version');
  });

  it('plan card - Reject sends the feedback, by keyboard alone', async () => {
    const { fake, card } = await planWaiting();
    within(card).getByRole('button', { name: 'Reject' }).focus();
    await userEvent.keyboard('{Enter}');
    const field = within(card).getByRole('textbox', { name: /What should change/ });
    expect(field).toHaveFocus();
    await userEvent.keyboard('Keep total as an alias');
    await userEvent.tab();
    expect(within(card).getByRole('button', { name: 'Reject plan' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(fake.callsTo('approvals.decidePlan')).toEqual([
      { approvalId: 'plan-1', decision: { type: 'reject', feedback: 'Keep total as an alias' } },
    ]);
  });

  it('plan card - a refused decision says why', async () => {
    const { fake, card } = await planWaiting();
    fake.handle('approvals.decidePlan', () => ({
      accepted: false,
      reason: 'approval plan-1 was already decided; a decision counts once.',
    }));
    await userEvent.click(within(card).getByRole('button', { name: 'Approve, auto-edit' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('already decided');
  });

  it('plan card - axe finds nothing in the waiting card, its edit form and a decided card', async () => {
    const { fake, card } = await planWaiting();
    const check = async () => {
      const results = await axe.run(card, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    };
    await check();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit plan' }));
    await check();
    fake.emit('agent', {
      type: 'plan_resolved',
      ...ids,
      approvalId: 'plan-1',
      outcome: 'edited',
      mode: 'ask',
      decidedBy: 'person',
      editedText: 'Mine',
    });
    expect(within(card).queryByRole('textbox')).toBeNull();
    await check();
  });

  it('plan card - a reloaded conversation shows the plan with its decision', async () => {
    const fake = createFakeSluice();
    const stored: ConversationView = {
      id: 'c7',
      projectId: 'p1',
      title: 'Earlier',
      createdAt: 1,
      updatedAt: 2,
      items: [
        { type: 'user', id: 'u1', text: 'rename', createdAt: 1 },
        {
          type: 'tool',
          id: 'tu_plan',
          turnId: 't0',
          name: 'submit_plan',
          label: 'Plan: Rename',
          input: plan,
          status: 'rejected',
          result: 'The person rejected the plan.',
          plan: {
            approvalId: 'plan-1',
            plan,
            state: 'rejected',
            feedback: 'Keep total as an alias',
          },
        },
        { type: 'assistant_text', id: 'm0', turnId: 't0', text: 'I will revise it.' },
      ],
      usage: {
        inputTokens: 1,
        outputTokens: 1,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        costUsd: 0,
      },
      running: false,
      canContinue: false,
    };
    fake.handle('agent.listConversations', () => [
      listedConversation({ id: 'c7', title: 'Earlier' }),
    ]);
    fake.handle('agent.getConversation', () => stored);
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Earlier' }));
    const card = await screen.findByTestId('plan-card');
    expect(within(card).getByRole('status')).toHaveTextContent(
      'Rejected: Claude stays in plan mode',
    );
    expect(card).toHaveTextContent('Your feedback: Keep total as an alias');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
