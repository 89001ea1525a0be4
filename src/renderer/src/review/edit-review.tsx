// Edit in the review: the editor starts from what the ticks write, then holds the person's own
// text; the diff of it against the file as it is, and its evidence, are shown before the
// button writes it.
import { useMemo, type RefObject } from 'react';
import { structuredPatch } from 'diff';
import type { ApprovalRequest, Hunk } from '../../../shared/approvals';
import { selectionWords, type SelectionCount } from '../../../shared/hunk-selection';
import { ReadOnlyHunks } from './read-only-hunks';
import { ProposalEditor } from './proposal-editor';

interface Props {
  request: ApprovalRequest;
  content: string;
  /** Above the diff: what the editor holds ("Your version is the 1 of 3 hunks selected"). */
  heading: string;
  /** Why the editor did not start from the ticks, when it could not. */
  note: string | null;
  dark: boolean;
  splitView: boolean;
  /** The primary button's words ("Approve my version with 2 errors"). */
  applyLabel: string;
  nothingToApply: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onChange(content: string): void;
  onApply(): void;
  onBack(): void;
}

/** What the editor holds, in words: the ticked selection as it is, or the person's version. */
export function editHeading(edited: boolean, count: SelectionCount): string {
  if (edited) return 'Your version against the file';
  if (count.keptLines === count.changedLines) return 'Your version is the proposal as shown';
  if (count.keptLines === 0) return 'No hunk is ticked';
  return `Your version is the ${selectionWords(count)} selected`;
}

/** Said when the ticks could not be written alone and the editor holds the whole proposal. */
export const WHOLE_PROPOSAL_NOTE =
  'The lines ticked cannot be written alone (they would join two lines where one has no final newline), so your version starts from the whole proposal.';

/** The person's version against the file, as hunks the review shows (three lines of context). */
function versionHunks(before: string, after: string): Hunk[] {
  return structuredPatch('a', 'b', before, after, '', '', { context: 3 }).hunks.map((h, i) => ({
    id: `h${i + 1}`,
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines,
  }));
}

export function EditReview({ request, content, dark, splitView, ...props }: Props) {
  const hunks = useMemo(() => versionHunks(request.before, content), [request.before, content]);
  return (
    <div className="edit-review">
      {props.note && (
        <p className="muted" role="note">
          {props.note}
        </p>
      )}
      <ProposalEditor
        path={request.path}
        content={content}
        applyLabel={props.applyLabel}
        nothingToApply={props.nothingToApply}
        inputRef={props.inputRef}
        onChange={props.onChange}
        onApply={props.onApply}
        onBack={props.onBack}
      />
      <section className="edit-review-diff" aria-label="Your version against the file">
        <h3 className="edit-review-heading">{props.heading}</h3>
        {content === request.before ? (
          <p className="muted">Your version leaves the file as it is.</p>
        ) : (
          <ReadOnlyHunks
            hunks={hunks}
            path={request.path}
            splitView={splitView && !request.isNewFile}
            dark={dark}
            title={(index) => `Change ${index + 1} of your version`}
          />
        )}
      </section>
    </div>
  );
}
