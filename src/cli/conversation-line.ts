// One conversation on one line of a terminal listing, as `sluice conversations` and the
// session's resume picker print it: a lead (the short id, or the number to type), when, the
// mode its turns ran in, turns, cost, the marks of a background run or a worktree, the title.
import type { ConversationSummary } from '../main/core/store/conversation-listing';
import { costText, shortWhen, turnsText } from '../shared/conversation-listing-text';
import { oneLine } from './one-line-text';

/** "[propose]", "[worktree NAME]", both, or nothing. */
function markers(c: ConversationSummary): string {
  const marks = [
    c.kind === 'propose' ? '[propose]' : '',
    c.worktree !== undefined ? `[worktree ${oneLine(c.worktree)}]` : '',
  ].filter(Boolean);
  return marks.length ? `${marks.join(' ')} ` : '';
}

export function conversationLine(c: ConversationSummary, lead: string, now: number): string {
  return [
    lead,
    shortWhen(c.updatedAt, now).padEnd(15),
    (c.mode ?? '-').padEnd(9),
    turnsText(c.turns).padStart(9),
    costText(c.costUsd).padStart(7),
    `${markers(c)}${oneLine(c.title)}`,
  ].join('  ');
}
