// Edit in the review: the person's own text, the diff of it against the file as it is, and
// its evidence, all before "Approve my version" writes it.
import { useMemo } from 'react';
import { structuredPatch } from 'diff';
import type { ApprovalRequest, Hunk } from '../../../shared/approvals';
import { ReadOnlyHunks } from './read-only-hunks';
import { ProposalEditor } from './proposal-editor';

interface Props {
  request: ApprovalRequest;
  content: string;
  dark: boolean;
  splitView: boolean;
  /** The primary button's words ("Approve my version with 2 errors"). */
  applyLabel: string;
  onChange(content: string): void;
  onApply(): void;
  onBack(): void;
}

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

export function EditReview({ request, content, dark, splitView, applyLabel, ...on }: Props) {
  const hunks = useMemo(() => versionHunks(request.before, content), [request.before, content]);
  return (
    <div className="edit-review">
      <ProposalEditor
        path={request.path}
        content={content}
        applyLabel={applyLabel}
        onChange={on.onChange}
        onApply={on.onApply}
        onBack={on.onBack}
      />
      <section className="edit-review-diff" aria-label="Your version against the file">
        <h3 className="edit-review-heading">
          {content === request.after
            ? 'Your version is the proposal as shown'
            : 'Your version against the file'}
        </h3>
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
