// The one place that says how a change set's status may move. Every status
// write names the states it comes from and is a compare-and-set in SQL (`UPDATE … WHERE id = ?
// AND status IN (…)`): a write that finds the set in another state changes nothing and tells
// its caller, so an edit arriving through `sluice mcp` can never turn a rejected set back into
// a proposed one, and a set being applied cannot be rejected halfway.
import type { ChangeSetStatus } from '../../../shared/change-sets';

/** From each status, the statuses it may move to. The final ones move nowhere. */
export const CHANGE_SET_TRANSITIONS: Readonly<Record<ChangeSetStatus, readonly ChangeSetStatus[]>> =
  {
    // A run (or an MCP session's first edit) ends proposed, or failed; a dead process is failed.
    running: ['proposed', 'failed'],
    // Reviewed: applied (whole or in part), rejected, refined by a newer set; an apply that
    // could write nothing (conflicts, refusals) leaves it proposed, saying why.
    proposed: ['proposed', 'accepted', 'partly-accepted', 'rejected', 'superseded'],
    accepted: [],
    'partly-accepted': [],
    rejected: [],
    failed: [],
    superseded: [],
  };

/** The statuses a set is still open in: it takes new files and can be reviewed. */
export const OPEN_CHANGE_SET_STATUSES: readonly ChangeSetStatus[] = ['running', 'proposed'];

export class IllegalChangeSetTransitionError extends Error {
  constructor(from: ChangeSetStatus, to: ChangeSetStatus) {
    super(`a change set never moves from ${from} to ${to}`);
    this.name = 'IllegalChangeSetTransitionError';
  }
}

export function canMove(from: ChangeSetStatus, to: ChangeSetStatus): boolean {
  return CHANGE_SET_TRANSITIONS[from].includes(to);
}

/** Throws when a caller names an edge the table does not have (a programming error). */
export function assertTransitions(from: readonly ChangeSetStatus[], to: ChangeSetStatus): void {
  if (!from.length) throw new Error(`a move to ${to} must name the statuses it comes from`);
  for (const f of from) if (!canMove(f, to)) throw new IllegalChangeSetTransitionError(f, to);
}
