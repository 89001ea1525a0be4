// A proposal's hunks, a page at a time, so a large diff never renders all at once.
import { useState } from 'react';
import type { ApprovalRequest } from '../../../shared/approvals';
import { languageForPath } from '../highlight/highlighter';
import { HunkSelector } from './hunk-selector';
import type { LineSelection } from './use-line-selection';
import { errorsInHunk } from './evidence-text';

const HUNKS_PER_PAGE = 8;

interface Props {
  request: ApprovalRequest;
  splitView: boolean;
  dark: boolean;
  selectable: boolean;
  selection: LineSelection;
  /** The errors to mark on hunks: the proposal's own, when what is kept is all of it. */
  errorsShown: boolean;
}

export function HunkPages({ request, splitView, dark, selectable, selection, errorsShown }: Props) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(request.hunks.length / HUNKS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const first = current * HUNKS_PER_PAGE;
  const visible = request.hunks.slice(first, first + HUNKS_PER_PAGE);
  const language = languageForPath(request.path);
  const introduced = request.evidence?.introduced ?? [];

  if (request.hunks.length === 0)
    return <p className="muted">No changes: the proposed text equals the file.</p>;

  return (
    <div className="hunk-pages">
      {visible.map((hunk, offset) => (
        <HunkSelector
          key={hunk.id}
          hunk={hunk}
          index={first + offset}
          path={request.path}
          language={language}
          splitView={splitView && !request.isNewFile}
          dark={dark}
          selectable={selectable}
          selection={selection}
          errors={errorsShown ? errorsInHunk(hunk, request.path, introduced) : []}
        />
      ))}
      {pages > 1 && (
        <nav className="pager" aria-label="Hunk pages">
          <button
            type="button"
            className="button small"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            Previous
          </button>
          <span>
            Hunks {first + 1}–{first + visible.length} of {request.hunks.length}
          </span>
          <button
            type="button"
            className="button small"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
