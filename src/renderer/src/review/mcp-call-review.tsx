// The approval of one MCP tool call: server, tool, the arguments exactly as
// they will be sent, why the person is asked, and the tool's description marked as the
// server's own words (untrusted). Approved or rejected whole. The queue is filled by request
// events and, at start, by approvals.pendingToolCalls, so a reload shows what still waits.
// Like the other review dialogs it takes focus when a call comes up, keeps Tab inside and,
// once no call waits, gives focus back where it was.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ToolCallApprovalRequest } from '../../../shared/approvals';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { TextField } from '../app/text-field';
import { wrapTab } from './focus-trap';
import { rejectDecision } from './review-dialog';
import { useReturnFocus } from './return-focus';
import { pendingOfEvent, pendingOfRows, usePendingRequests } from './use-pending-requests';

export function McpCallReview() {
  const client = useClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { pending, removeWhere } = usePendingRequests<ToolCallApprovalRequest>(
    async () => pendingOfRows<ToolCallApprovalRequest>(await client.approvals.pendingToolCalls({})),
    (event) => (event.type === 'tool_call_approval_request' ? pendingOfEvent(event) : null),
    client,
  );

  const dialog = useRef<HTMLDivElement>(null);
  const current = pending[0];
  const shownId = current?.request.approvalId;
  useReturnFocus(current !== undefined);
  // Each call shown takes focus, so the keyboard starts in the dialog, not the page behind.
  useEffect(() => {
    if (shownId !== undefined) dialog.current?.focus();
  }, [shownId]);

  if (!current) return null;
  const { request } = current;

  const decide = async (approve: boolean) => {
    try {
      await client.approvals.decide({
        approvalId: request.approvalId,
        proposalHash: request.proposalHash,
        decision: approve ? { type: 'approve' } : rejectDecision(reason),
      });
      removeWhere((item) => item.request.approvalId === request.approvalId);
      setReason('');
      setError(null);
    } catch (failure) {
      setError(`Could not send the decision: ${errorMessage(failure)}`);
    }
  };

  const readOnly = request.annotations.readOnlyHint === true;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' && dialog.current) wrapTab(event, dialog.current);
  };
  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className="modal review-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="mcp-call-title"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="mcp-call-review"
      >
        <header className="review-header">
          <h2 id="mcp-call-title" className="review-title">
            MCP tool <code>{request.serverTool}</code> of server <code>{request.server}</code>
          </h2>
          <p className="review-reason muted">
            {readOnly ? (
              <span className="badge">annotated read-only (the server says so)</span>
            ) : (
              <span className="badge warning">may change things</span>
            )}{' '}
            {visibleUntrusted(request.reason)}
          </p>
        </header>
        <div className="settings-body">
          <h3 className="field-label">Arguments</h3>
          <pre className="code-block" data-testid="mcp-call-arguments">
            {visibleUntrusted(request.arguments)}
          </pre>
          <h3 className="field-label">The server&apos;s description of this tool (untrusted)</h3>
          <pre className="code-block muted">
            {visibleUntrusted(request.description || '(none)')}
          </pre>
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          <TextField
            label="Reason (sent to Claude when you reject)"
            value={reason}
            onChange={setReason}
          />
          <div className="button-row">
            <button type="button" className="button primary" onClick={() => void decide(true)}>
              Run this call
            </button>
            <button type="button" className="button danger" onClick={() => void decide(false)}>
              Reject
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
