// Edit in the review: the person's own text, the diff of it against the file as it is, and
// its evidence, all before "Approve my version" writes it.
import ReactDiffViewer from 'react-diff-viewer-continued';
import type { ApprovalRequest } from '../../../shared/approvals';
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

export function EditReview({ request, content, dark, splitView, applyLabel, ...on }: Props) {
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
          <ReactDiffViewer
            oldValue={request.before}
            newValue={content}
            splitView={splitView && !request.isNewFile}
            useDarkTheme={dark}
            hideSummary
            showDiffOnly
          />
        )}
      </section>
    </div>
  );
}
