import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { McpCallReview } from '../../../src/renderer/src/review/mcp-call-review';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

/** The MCP call review over a page that has a control of its own behind the backdrop. */
function openCallReview() {
  const fake = createFakeSluice();
  renderWithClient(
    <>
      <button type="button">Page behind</button>
      <McpCallReview />
    </>,
    fake,
  );
  fake.emit('agent', {
    type: 'tool_call_approval_request',
    conversationId: 'c1',
    turnId: 't1',
    request: {
      approvalId: 'a1',
      proposalHash: 'h1',
      kind: 'mcp_call',
      tool: 'mcp__fs__write_file',
      server: 'fs',
      serverTool: 'write_file',
      arguments: '{\n  "path": "/tmp/x"\n}',
      description: 'Writes a file.',
      annotations: { readOnlyHint: false },
      reason: 'MCP tool calls ask before they run',
    },
  });
  return fake;
}

describe('McpCallReview', () => {
  it('focus trap - the dialog takes focus when a call comes up', async () => {
    openCallReview();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveFocus());
  });

  it('focus trap - Tab past the last control wraps to the first, never to the page behind', async () => {
    openCallReview();
    const dialog = await screen.findByRole('dialog');
    const reason = screen.getByRole('textbox', { name: /Reason/u });
    const reject = screen.getByRole('button', { name: 'Reject' });
    reject.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Page behind' })).not.toHaveFocus();
    expect(reason).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(reject).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('focus trap - Shift+Tab from the dialog itself goes to its last control', async () => {
    openCallReview();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus();
  });
});
