// What can be done with a change set that is still proposed: Accept all, Accept selected,
// Reject with a reason, or Refine (continues the set's conversation; the result supersedes
// this set). Files changed on disk since the set was made are named first: accepting skips
// them. Accept selected says what the check of exactly the ticked hunks found and did not
// finish, in the review's words.
import type { ApplyResult, ChangeSetView } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { checkNote, type CheckState } from '../review/approve-label';
import { InboxField } from './inbox-field';
import { selectionOf, type Selected } from './change-set-selection';

/** The texts typed for a decision; the detail keeps them while another set is open. */
export interface DecisionDrafts {
  reason: string;
  setReason(reason: string): void;
  refineText: string;
  setRefineText(text: string): void;
}

function ChangedOnDisk({ paths }: { paths: string[] }) {
  return (
    <p className="warn-text" id="changed-on-disk" data-testid="changed-on-disk">
      Changed on disk since this set was made, so accepting will not write{' '}
      {paths.length === 1 ? 'it' : 'them'} (a conflict): {paths.join(', ')}. The other files can
      still be accepted; to keep these changes, Refine the set so it starts again from the files as
      they are now.
    </p>
  );
}

export function ChangeSetActions(props: {
  /** The set asked for (the view on screen may still be the one open before). */
  id: string;
  view: ChangeSetView;
  selected: Selected;
  /** How far the check of what Accept selected would write got. */
  selectedCheck: CheckState;
  busy: boolean;
  drafts: DecisionDrafts;
  act(what: () => Promise<void>): Promise<void>;
  /** Accept all, accept selected, reject: each answers with the set's result. */
  onDecided(result: ApplyResult): void;
  onRefined(changeSetId: string): void;
}) {
  const { id, view, selected, busy, drafts, act } = props;
  const client = useClient();
  const { reason, setReason, refineText, setRefineText } = drafts;
  const reasonField = reason.trim() ? { reason: reason.trim() } : {};
  // Accept is bound to the version on the screen: a set an MCP client changed since is refused.
  const seen = view.revision ? { seenRevision: view.revision } : {};
  const decide = (send: () => Promise<ApplyResult>) =>
    void act(async () => props.onDecided(await send()));
  const selection = selectionOf(view, selected);
  const nothingTicked = view.files.every((file) => (selected[file.path] ?? []).length === 0);

  return (
    <>
      {view.changedOnDisk.length > 0 && <ChangedOnDisk paths={view.changedOnDisk} />}
      <div className="inbox-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy}
          data-testid="accept-all"
          aria-describedby={view.changedOnDisk.length ? 'changed-on-disk' : undefined}
          onClick={() => decide(() => client.proposals.apply({ id, ...reasonField, ...seen }))}
        >
          Accept all
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          data-testid="accept-selected"
          onClick={() =>
            decide(() =>
              client.proposals.apply({
                id,
                selection,
                ...reasonField,
                ...seen,
              }),
            )
          }
        >
          Accept selected{nothingTicked ? '' : checkNote(props.selectedCheck)}
        </button>
        <InboxField
          label="Reason (for what is rejected)"
          value={reason}
          testId="reject-reason"
          onChange={setReason}
        />
        <button
          type="button"
          className="button danger"
          disabled={busy}
          data-testid="reject-set"
          onClick={() => decide(() => client.proposals.reject({ id, ...reasonField }))}
        >
          Reject
        </button>
        <InboxField
          label="Refine: what should change?"
          value={refineText}
          testId="refine-text"
          onChange={setRefineText}
        />
        <button
          type="button"
          className="button"
          disabled={busy || !refineText.trim()}
          data-testid="refine-set"
          onClick={() =>
            void act(async () => {
              const started = await client.proposals.refine({ id, text: refineText.trim() });
              setRefineText('');
              props.onRefined(started.changeSetId);
            })
          }
        >
          Refine
        </button>
      </div>
    </>
  );
}
