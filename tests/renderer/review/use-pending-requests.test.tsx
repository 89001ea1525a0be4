import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePendingRequests } from '../../../src/renderer/src/review/use-pending-requests';
import type { CommandApprovalRequest } from '../../../src/shared/command-approvals';
import { useClient } from '../../../src/renderer/src/app/client-context';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

function command(approvalId: string): CommandApprovalRequest {
  return {
    approvalId,
    commandHash: `hash-${approvalId}`,
    command: 'npm test',
    cwd: '.',
    description: 'Run the tests',
    sandboxed: true,
    sandboxDetail: 'project writable',
    network: false,
    timeoutSeconds: 120,
    reason: 'no rule allows `npm test`',
    suggestedPrefixes: [['npm', 'test']],
  };
}

function Probe() {
  const client = useClient();
  const { pending, removeWhere } = usePendingRequests<CommandApprovalRequest>(
    async () =>
      (await client.approvals.pendingCommands({})).map(
        ({ conversationId, turnId, ...request }) => ({
          conversationId,
          turnId,
          request,
        }),
      ),
    (event) =>
      event.type === 'command_approval_request'
        ? { conversationId: event.conversationId, turnId: event.turnId, request: event.request }
        : null,
    client,
  );
  return (
    <div>
      <output data-testid="waiting">
        {pending.map((item) => `${item.turnId}:${item.request.approvalId}`).join(',')}
      </output>
      <button type="button" onClick={() => removeWhere((item) => item.request.approvalId === 'a1')}>
        drop a1
      </button>
    </div>
  );
}

const waiting = () => screen.getByTestId('waiting').textContent;

describe('usePendingRequests', () => {
  it('pending requests - loaded at start and by events, once each, in arrival order', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.pendingCommands', () => [
      { ...command('a1'), conversationId: 'c1', turnId: 't1' },
    ]);
    renderWithClient(<Probe />, fake);
    await waitFor(() => expect(waiting()).toBe('t1:a1'));
    act(() => {
      fake.emit('agent', {
        type: 'command_approval_request',
        conversationId: 'c1',
        turnId: 't1',
        request: command('a1'),
      });
      fake.emit('agent', {
        type: 'command_approval_request',
        conversationId: 'c1',
        turnId: 't2',
        request: command('a2'),
      });
    });
    expect(waiting()).toBe('t1:a1,t2:a2');
  });

  it('pending requests - resolved elsewhere, the end of their turn and the caller drop them', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.pendingCommands', () => [
      { ...command('a1'), conversationId: 'c1', turnId: 't1' },
      { ...command('a2'), conversationId: 'c1', turnId: 't1' },
      { ...command('a3'), conversationId: 'c1', turnId: 't2' },
      { ...command('a4'), conversationId: 'c1', turnId: 't3' },
    ]);
    renderWithClient(<Probe />, fake);
    await waitFor(() => expect(waiting()).toBe('t1:a1,t1:a2,t2:a3,t3:a4'));
    act(() => screen.getByRole('button', { name: 'drop a1' }).click());
    expect(waiting()).toBe('t1:a2,t2:a3,t3:a4');
    act(() =>
      fake.emit('agent', {
        type: 'approval_resolved',
        conversationId: 'c1',
        turnId: 't3',
        approvalId: 'a4',
        outcome: 'aborted',
        decidedBy: 'abort',
      }),
    );
    expect(waiting()).toBe('t1:a2,t2:a3');
    act(() =>
      fake.emit('agent', {
        type: 'turn_end',
        conversationId: 'c1',
        turnId: 't1',
        reason: 'end_turn',
      }),
    );
    expect(waiting()).toBe('t2:a3');
  });
});
