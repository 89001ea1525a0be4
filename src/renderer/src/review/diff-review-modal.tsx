// The review of one proposed write, opened by approval_request. Nothing is written until the
// person decides here: approve what is ticked (every hunk, or only some), edit the final text,
// or reject with a reason. The primary button says what it writes, and Ctrl/Cmd+Enter does
// exactly that (or submits the open form); Esc moves to reject with the reason field focused
// (and from a form, back to the review).
import { useState } from 'react';
import type { Decision } from '../../../shared/approvals';
import type { PendingApproval } from './use-approval-queue';
import { EvidencePanel } from './evidence-panel';
import { HunkPages } from './hunk-pages';
import { ProposalEditor } from './proposal-editor';
import { ReviewDialog, rejectDecision, useReviewModes } from './review-dialog';

interface Props {
  item: PendingApproval;
  position: number;
  total: number;
  /** Waiting approvals of this conversation: what "Approve all" approves. */
  approveAllCount: number;
  dark: boolean;
  error: string | null;
  onDecide(decision: Decision, alwaysAllowGlob?: string): Promise<void>;
  onApproveAll(): Promise<void>;
}

export function DiffReviewModal({
  item,
  position,
  total,
  approveAllCount,
  dark,
  error,
  onDecide,
  onApproveAll,
}: Props) {
  const { request } = item;
  const modes = useReviewModes();
  const { mode, setMode } = modes;
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(request.hunks.map((hunk) => hunk.id)),
  );
  const [content, setContent] = useState(request.after);
  const [splitView, setSplitView] = useState(true);
  const [alwaysAllow, setAlwaysAllow] = useState(false);
  const [glob, setGlob] = useState(request.path);
  // One decision per proposal: buttons and keys do nothing while a decision is on its way.
  const [busy, setBusy] = useState(false);

  const perHunk = !request.isNewFile && request.hunks.length > 1;
  const allSelected = selected.size === request.hunks.length;
  const allowGlob = alwaysAllow && glob.trim() !== '' ? glob.trim() : undefined;

  const send = (decision: Decision, glob?: string) => {
    if (busy) return;
    setBusy(true);
    void onDecide(decision, glob).finally(() => setBusy(false));
  };
  // What is ticked is what is written: the whole change, or only the hunks kept.
  const approve = () => {
    if (selected.size === 0) return;
    if (allSelected) send({ type: 'approve' }, allowGlob);
    else
      send(
        {
          type: 'approve_hunks',
          hunkIds: request.hunks.filter((hunk) => selected.has(hunk.id)).map((hunk) => hunk.id),
        },
        allowGlob,
      );
  };
  const approveLabel = !perHunk
    ? 'Approve'
    : allSelected
      ? `Approve all ${request.hunks.length} hunks`
      : selected.size === 0
        ? 'Approve (no hunk ticked)'
        : `Approve ${selected.size} of ${request.hunks.length} hunks`;
  const reject = () => send(rejectDecision(modes.reason));
  const applyEdit = () => send({ type: 'edit', content });
  const approveAll = () => {
    if (busy) return;
    setBusy(true);
    void onApproveAll().finally(() => setBusy(false));
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const footer = (
    <footer className="review-footer">
      <label className="always-allow">
        <input
          type="checkbox"
          checked={alwaysAllow}
          onChange={(event) => setAlwaysAllow(event.target.checked)}
        />
        Always allow this path
      </label>
      {alwaysAllow && (
        <input
          className="input small"
          aria-label="Path or glob to always allow"
          value={glob}
          onChange={(event) => setGlob(event.target.value)}
        />
      )}
      <div className="button-row">
        <button
          data-testid="review-approve"
          type="button"
          className="button primary"
          disabled={busy || selected.size === 0}
          onClick={approve}
          title={
            selected.size === 0
              ? 'Tick a hunk to approve it, or reject the change'
              : 'Ctrl/Cmd+Enter'
          }
        >
          {approveLabel}
        </button>
        <button
          data-testid="review-edit"
          type="button"
          className="button"
          onClick={() => setMode('edit')}
        >
          Edit
        </button>
        <button
          data-testid="review-reject"
          type="button"
          className="button danger"
          onClick={() => setMode('reject')}
          title="Esc"
        >
          Reject…
        </button>
        {approveAllCount > 1 && (
          <button
            data-testid="review-approve-all"
            type="button"
            className="button"
            disabled={busy}
            onClick={approveAll}
          >
            Approve all ({approveAllCount})
          </button>
        )}
      </div>
    </footer>
  );

  return (
    <ReviewDialog
      modes={modes}
      className="review-modal"
      titleId="review-title"
      testId="review-modal"
      submit={{ review: approve, edit: applyEdit, reject }}
      error={error}
      footer={mode === 'review' && footer}
    >
      {/* A div, not <header>: inside a dialog a header would be a second banner landmark. */}
      <div className="review-header">
        <div className="review-title-row">
          <h2 id="review-title" className="review-title">
            {request.isNewFile ? 'New file' : 'Edit'} <code>{request.path}</code>
          </h2>
          {total > 1 && (
            <span className="review-position" data-testid="review-position">
              {position} of {total}
            </span>
          )}
        </div>
        {request.description && <p className="review-description">{request.description}</p>}
        <p className="review-reason muted">
          {request.protectedPath && <span className="badge warning">protected path</span>}{' '}
          {request.reason}
          {request.coarseDiff && (
            <span className="badge">coarse diff (file too large for a line diff)</span>
          )}
        </p>
      </div>

      <div className="review-toolbar">
        <div className="segmented" role="group" aria-label="Diff layout">
          <button type="button" aria-pressed={splitView} onClick={() => setSplitView(true)}>
            Split
          </button>
          <button type="button" aria-pressed={!splitView} onClick={() => setSplitView(false)}>
            Unified
          </button>
        </div>
        {perHunk && (
          <span className="muted">
            {selected.size} of {request.hunks.length} hunks selected
          </span>
        )}
      </div>

      <div className="review-body">
        {request.evidence && mode !== 'edit' && (
          <EvidencePanel
            evidence={request.evidence}
            proposedTexts={{ [request.path]: request.after }}
          />
        )}
        {mode === 'edit' ? (
          <ProposalEditor
            path={request.path}
            content={content}
            onChange={setContent}
            onApply={applyEdit}
            onBack={() => setMode('review')}
          />
        ) : (
          <HunkPages
            request={request}
            splitView={splitView}
            dark={dark}
            selectable={perHunk}
            selected={selected}
            onToggle={toggle}
          />
        )}
      </div>
    </ReviewDialog>
  );
}
