// The review's editor text. It starts from exactly what the ticks write (the whole proposal
// when everything is ticked), so "Edit" never brings back a hunk the person unticked. What
// the person types is their draft: kept while they go back to the review and return, as long
// as the ticks it started from are unchanged; new ticks start the editor afresh from them.
import { useMemo, useState } from 'react';
import type { ApprovalRequest } from '../../../shared/approvals';
import { selectedLinesText } from '../../../shared/line-selection';
import type { LineSelection } from './use-line-selection';

export interface EditDraft {
  /** What the ticks write; null when they cannot be written alone (main refuses them too). */
  readonly selected: string | null;
  /** The editor's text. */
  readonly content: string;
  /** The editor's text is not what the ticks write: approving it writes the person's version. */
  readonly edited: boolean;
  setContent(content: string): void;
}

export function useEditDraft(request: ApprovalRequest, selection: LineSelection): EditDraft {
  const { all, keys } = selection;
  const selected = useMemo(
    () => (all ? request.after : selectedLinesText(request, keys)),
    [request, all, keys],
  );
  // Ticks that cannot be written alone leave the whole proposal to start from, as the
  // person's own version (checked and approved as such).
  const start = selected ?? request.after;
  const [draft, setDraft] = useState<{ text: string; from: string } | null>(null);
  const content = draft && draft.from === start ? draft.text : start;
  return {
    selected,
    content,
    edited: content !== selected,
    setContent: (text) => setDraft(text === start ? null : { text, from: start }),
  };
}
