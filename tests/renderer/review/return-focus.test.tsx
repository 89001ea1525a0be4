import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { CommandReviewHost } from '../../../src/renderer/src/review/command-review-host';
import { McpCallReview } from '../../../src/renderer/src/review/mcp-call-review';
import { FOCUS_HOME_ATTRIBUTE, returnFocus } from '../../../src/renderer/src/review/return-focus';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import { editRequest, ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const APPROVE = /^Approve( all \d+ hunks)?$/u;

/** A review host over a page with a control of its own, which has focus. */
function pageWith(host: React.ReactElement) {
  const fake = createFakeSluice();
  renderWithClient(
    <>
      <button type="button">Page behind</button>
      {host}
    </>,
    fake,
  );
  const behind = screen.getByRole('button', { name: 'Page behind' });
  behind.focus();
  return { fake, behind };
}

async function dialogWithFocus() {
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog).toHaveFocus());
  return dialog;
}

describe('returnFocus', () => {
  it('review modal - closing gives focus back to the control that had it', async () => {
    const { fake, behind } = pageWith(<ReviewHost />);
    fake.emit('agent', ev.approval(editRequest()));
    await dialogWithFocus();
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(behind).toHaveFocus();
  });

  it('review modal - reviews in a row give focus back once, after the last', async () => {
    const { fake, behind } = pageWith(<ReviewHost />);
    fake.emit('agent', ev.approval(editRequest()));
    fake.emit(
      'agent',
      ev.approval(editRequest({ approvalId: 'a2', proposalHash: 'hash-2', path: 'src/b.ts' })),
    );
    await dialogWithFocus();
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    await waitFor(() => expect(screen.getByTestId('review-position')).toHaveTextContent('2 of 2'));
    const second = screen.getByRole('dialog', { name: /src\/b\.ts/u });
    await waitFor(() => expect(second).toHaveFocus());
    expect(behind).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(behind).toHaveFocus();
  });

  it('MCP call review - rejecting gives focus back to the control that had it', async () => {
    const { fake, behind } = pageWith(<McpCallReview />);
    fake.emit('agent', {
      type: 'tool_call_approval_request',
      conversationId: 'c1',
      turnId: 't1',
      request: {
        approvalId: 'm1',
        proposalHash: 'h1',
        kind: 'mcp_call',
        tool: 'mcp__fs__write_file',
        server: 'fs',
        serverTool: 'write_file',
        arguments: '{}',
        description: 'Writes a file.',
        annotations: {},
        reason: 'MCP tool calls ask before they run',
      },
    });
    await dialogWithFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(behind).toHaveFocus();
  });

  it('command card - running it gives focus back to the control that had it', async () => {
    const { fake, behind } = pageWith(<CommandReviewHost />);
    fake.emit('agent', {
      type: 'command_approval_request',
      conversationId: 'c1',
      turnId: 't1',
      request: {
        approvalId: 'c-a1',
        commandHash: 'hash-c1',
        command: 'npm test',
        cwd: '',
        description: 'Run the unit tests',
        sandboxed: true,
        sandboxDetail: 'project writable',
        network: false,
        timeoutSeconds: 120,
        reason: 'no rule allows `npm test`',
        suggestedPrefixes: [],
      },
    });
    await dialogWithFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Run once' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(behind).toHaveFocus();
  });

  it('nothing had focus - the review gives it to the message box when it closes', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    const message = await screen.findByRole('textbox', { name: 'Message' });
    (document.activeElement as HTMLElement | null)?.blur();
    expect(message).not.toHaveFocus();
    fake.emit('agent', ev.approval(editRequest()));
    await dialogWithFocus();
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('the control is gone or cannot take focus - the focus home takes it', () => {
    document.body.innerHTML = `<button type="button" disabled>Send</button><textarea ${FOCUS_HOME_ATTRIBUTE}></textarea>`;
    const home = document.querySelector('textarea')!;
    const disabled = document.querySelector('button')!;
    returnFocus(disabled);
    expect(home).toHaveFocus();
    const gone = document.createElement('button');
    home.blur();
    returnFocus(gone);
    expect(home).toHaveFocus();
    document.body.innerHTML = '';
  });
});
