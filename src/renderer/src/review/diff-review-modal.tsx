// The review of one proposed write, opened by approval_request. Nothing is written until the
// person decides here: approve what is ticked (every hunk, some hunks, changes of a split hunk,
// single lines), edit the final text (starting from what is ticked), or reject with a reason.
// The primary button says what it writes and what the check of exactly that found, and
// Ctrl/Cmd+Enter does the same (or submits the open form); Esc moves to reject with the reason
// field focused (and from a form, back to the review). The evidence follows the ticks and the
// edited text.
import { useState } from 'react';
import type { Decision } from '../../../shared/approvals';
import { changedLineIndexes } from '../../../shared/hunk-selection';
import type { PendingApproval } from './use-approval-queue';
import { approveLabel, evidenceScope } from './approve-label';
import { EditReview, editHeading, WHOLE_PROPOSAL_NOTE } from './edit-review';
import { SelectionEvidenceView } from './selection-evidence-view';
import { HunkPages } from './hunk-pages';
import { ReviewDialog, rejectDecision, useReviewModes } from './review-dialog';
import { ReviewFooter } from './review-footer';
import { DiffReviewHeader } from './diff-review-header';
import { useEditDraft } from './use-edit-draft';
import { useLineSelection } from './use-line-selection';
import { useOneDecision } from './use-one-decision';
import { useSelectionEvidence } from './use-selection-evidence';

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

export function DiffReviewModal(props: Props) {
  const { request } = props.item;
  const modes = useReviewModes();
  const { mode, setMode } = modes;
  const selection = useLineSelection(request.hunks);
  const draft = useEditDraft(request, selection);
  const [splitView, setSplitView] = useState(true);
  const [alwaysAllow, setAlwaysAllow] = useState(false);
  const [glob, setGlob] = useState(request.path);
  const { busy, once } = useOneDecision();

  const perHunk =
    !request.isNewFile &&
    (request.hunks.length > 1 || request.hunks.some((h) => changedLineIndexes(h).length > 1));
  const allowGlob = alwaysAllow && glob.trim() !== '' ? glob.trim() : undefined;
  const editing = mode === 'edit';
  // The editor left untouched writes what is ticked, exactly as the review would.
  const edited = editing && draft.edited;
  const content = draft.content;
  // What the primary button of this mode writes, when it is not the proposal as shown.
  const pick: Decision | null = edited
    ? { type: 'edit', content }
    : selection.all
      ? null
      : selection.decision;
  const checked = useSelectionEvidence(request, pick);
  // What both the diff and the editor show it with.
  const view = { request, splitView, dark: props.dark };
  const label = approveLabel({
    perHunk,
    count: selection.count,
    edited,
    evidence: checked.evidence,
    pending: !checked.complete && checked.error === null,
    failed: pick !== null && checked.error !== null,
  });

  const send = (decision: Decision, glob?: string) => once(() => props.onDecide(decision, glob));
  // What is ticked is what is written: the whole change, or only the lines kept.
  const approve = () => {
    if (selection.decision) send(selection.decision, allowGlob);
  };
  const reject = () => send(rejectDecision(modes.reason));
  const applyEdit = () => {
    if (edited) send({ type: 'edit', content });
    else if (selection.decision) send(selection.decision);
  };
  const approveAll = () => once(props.onApproveAll);

  return (
    <ReviewDialog
      modes={modes}
      className="review-modal"
      titleId="review-title"
      testId="review-modal"
      submit={{ review: approve, edit: applyEdit, reject }}
      error={props.error}
      footer={
        mode === 'review' && (
          <ReviewFooter
            busy={busy}
            approveLabel={label}
            nothingKept={selection.decision === null}
            approveAllCount={props.approveAllCount}
            alwaysAllow={alwaysAllow}
            glob={glob}
            onAlwaysAllow={setAlwaysAllow}
            onGlob={setGlob}
            onApprove={approve}
            onEdit={() => setMode('edit')}
            onReject={() => setMode('reject')}
            onApproveAll={approveAll}
          />
        )
      }
    >
      <DiffReviewHeader
        request={request}
        position={props.position}
        total={props.total}
        splitView={splitView}
        onSplitView={setSplitView}
        selected={perHunk && !editing ? selection.count : null}
      />
      <div className="review-body">
        <SelectionEvidenceView
          checked={checked}
          picked={pick !== null}
          scope={evidenceScope(selection.count, edited)}
          proposedTexts={{ [request.path]: edited ? content : (draft.selected ?? request.after) }}
        />
        {editing ? (
          <EditReview
            {...view}
            content={content}
            heading={editHeading(edited, selection.count)}
            note={draft.selected === null ? WHOLE_PROPOSAL_NOTE : null}
            applyLabel={label}
            nothingToApply={!edited && selection.decision === null}
            inputRef={modes.editInput}
            onChange={draft.setContent}
            onApply={applyEdit}
            onBack={() => setMode('review')}
          />
        ) : (
          <HunkPages
            {...view}
            selectable={perHunk}
            selection={selection}
            errorsShown={pick === null}
          />
        )}
      </div>
    </ReviewDialog>
  );
}
