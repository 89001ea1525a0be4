// The text a selection writes, by the one rule main applies when the person approves those
// lines (shared/line-selection.ts). The review's editor starts from it, so "Edit" begins from
// what the ticks would write.
import type { ApprovalRequest } from '../../../shared/approvals';
import type { LineKey } from '../../../shared/hunk-selection';
import { selectedLinesText } from '../../../shared/line-selection';

/**
 * The text written by approving exactly `keys` of the request's changed lines; null when that
 * selection cannot be written alone (it would join two lines, because one side's last line has
 * no newline), which main refuses too.
 */
export function selectionText(
  request: Pick<ApprovalRequest, 'before' | 'after' | 'hunks'>,
  keys: ReadonlySet<LineKey>,
): string | null {
  return selectedLinesText(request, keys);
}
